/**
 * Publishing the questionnaire templates (docs/questionnaires.md "Templates"): every template file of
 * content/questionnaires not yet in the database, parsed with the contract (a bad file stops the
 * start). Idempotent by code and version: a published version is never edited; a file that differs
 * from its published version is reported, not applied.
 *
 * Publishing a new version of an agreement renews it (docs/questionnaires.md "Renewal"): in the same
 * transaction as the template row, every user who accepted an older version goes APPROVED → UNSUBMIT
 * (`renew`, by the system) and gets an open task, so the new text is accepted before it applies.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { questionnaireTemplate, type QuestionnaireTemplate } from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { QuestionnairesRepo } from '../../data/repositories/questionnaires-repo.ts';
import { nextQuestionnaireStatus } from './status-machine.ts';

export async function seedQuestionnaireTemplates(
  repos: Pick<Repositories, 'questionnaires' | 'transaction'>,
  dir: string,
  at: number,
): Promise<{ published: string[]; changed: string[]; renewed: number }> {
  const published: string[] = [];
  const changed: string[] = [];
  let renewed = 0;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const template = questionnaireTemplate.parse(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
    const name = `${template.code}.v${template.version}`;
    if (file !== `${name}.json`) throw new Error(`${file}: must be named ${name}.json`);
    const body = JSON.stringify(template);
    const inserted = await repos.transaction(async (tx) => {
      const fresh = await tx.questionnaires.insertTemplateIfAbsent({
        code: template.code,
        version: template.version,
        externalCode: template.externalCode ?? null,
        kind: template.kind,
        review: template.review,
        body,
        publishedAt: at,
      });
      if (fresh && template.kind === 'agreement')
        renewed += await renewAgreement(tx.questionnaires, template, at);
      return fresh;
    });
    if (inserted) published.push(name);
    else if ((await repos.questionnaires.templateBody(template.code, template.version)) !== body)
      changed.push(name);
  }
  return { published, changed, renewed };
}

/** `renew` for every acceptance of an older version of this agreement, with a task each; answers how many. */
async function renewAgreement(
  tx: QuestionnairesRepo,
  template: QuestionnaireTemplate,
  at: number,
): Promise<number> {
  const older = await tx.approvedBefore(template.code, template.version);
  for (const row of older) {
    const to = nextQuestionnaireStatus('APPROVED', 'renew', { actor: 'system' });
    const changed = await tx.casResponse(
      row.user_id,
      template.code,
      { status: 'APPROVED', updatedAt: row.updated_at },
      {
        status: to,
        templateVersion: template.version,
        draftEnc: null,
        pageIndex: 0,
        retryAfter: null,
        rejectReason: '',
        updatedAt: Math.max(at, Number(row.updated_at) + 1),
      },
    );
    if (!changed) throw new Error(`${template.code}: the response of user ${row.user_id} changed meanwhile`);
    await tx.insertTask({
      userId: row.user_id,
      kind: 'questionnaire',
      templateCode: template.code,
      requestText: '',
      createdBy: null,
      createdAt: at,
    });
  }
  return older.length;
}
