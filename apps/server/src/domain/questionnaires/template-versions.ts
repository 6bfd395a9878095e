/**
 * Which version of a template a user answers (docs/questionnaires.md "Versions"): the versions of a
 * template by its code or external code, the current one, the one pinned by a draft, and the template
 * codes other use-cases recognise. An unknown or fully retired template is 51004.
 */
import { QUESTIONNAIRE_STATUSES, SATOS_TEMPLATE_CODE, type QuestionnaireStatus } from '@kyc/contracts';
import type { QuestionnairesRepo, TemplateVersionInfo } from '../../data/repositories/questionnaires-repo.ts';
import type { QuestionnaireResponseRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { pinnedVersion } from './engine.ts';

/** The AML questionnaire (spec §9: template code 200 in scene lookups). */
export const AML_TEMPLATE_CODE = 'aml-200';
export const EDD_TEMPLATE_CODE = 'edd';
export const RFI_TEMPLATE_CODE = 'rfi';

export const asStatus = (v: string | null | undefined): QuestionnaireStatus =>
  (QUESTIONNAIRE_STATUSES as readonly string[]).includes(v ?? '') ? (v as QuestionnaireStatus) : 'UNDEFINED';

/** The versions of one template by its code or external code (`200`), or 51004. */
export async function versionsOf(
  repo: Pick<QuestionnairesRepo, 'templateVersions'>,
  codeOrExternal: string,
): Promise<TemplateVersionInfo[]> {
  const all = await repo.templateVersions();
  const code = all.find((t) => t.code === codeOrExternal || t.external_code === codeOrExternal)?.code;
  const versions = all.filter((t) => t.code === code);
  if (versions.length === 0 || versions.every((t) => t.retired_at !== null))
    throw new AppError('QUESTIONNAIRE_TEMPLATE_NOT_FOUND', `no questionnaire ${codeOrExternal}`);
  return versions;
}

/** The newest version still offered. */
export function currentOf(versions: readonly TemplateVersionInfo[]): number {
  return Math.max(...versions.filter((t) => t.retired_at === null).map((t) => t.version));
}

/** The version this user answers: their draft's while it is offered, else the current one. */
export function pinnedOf(
  versions: readonly TemplateVersionInfo[],
  response: QuestionnaireResponseRow | undefined,
): number {
  const retired = versions.filter((t) => t.retired_at !== null).map((t) => t.version);
  const drafted = response?.draft_enc ? response.template_version : null;
  return pinnedVersion(drafted, currentOf(versions), retired);
}

/** A template the questionnaire endpoints serve (the SATOS one has its own). */
export async function answerable(
  repo: Pick<QuestionnairesRepo, 'templateVersions'>,
  codeOrExternal: string,
): Promise<TemplateVersionInfo[]> {
  const versions = await versionsOf(repo, codeOrExternal);
  if (versions[0]?.code === SATOS_TEMPLATE_CODE)
    throw new AppError(
      'QUESTIONNAIRE_TEMPLATE_NOT_FOUND',
      `${SATOS_TEMPLATE_CODE} is answered per deposit (create-satos-questionnaire)`,
    );
  return versions;
}
