import { questionnaireTemplate, type QuestionnaireTemplate } from '@kyc/contracts';
import type { QuestionnairesRepo } from '../../data/repositories/questionnaires-repo.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * A template version's body, parsed once: a published (code, version) never changes (a change is a new
 * version), so the parse is kept for the life of the process. An unknown version is 51004.
 */
export function templateLoader(repo: Pick<QuestionnairesRepo, 'templateBody'>) {
  const parsed = new Map<string, QuestionnaireTemplate>();
  return async function load(code: string, version: number): Promise<QuestionnaireTemplate> {
    const id = `${code}.v${version}`;
    const cached = parsed.get(id);
    if (cached) return cached;
    const body = await repo.templateBody(code, version);
    if (body === undefined) throw new AppError('QUESTIONNAIRE_TEMPLATE_NOT_FOUND', `no questionnaire ${id}`);
    const template = questionnaireTemplate.parse(JSON.parse(body));
    parsed.set(id, template);
    return template;
  };
}
