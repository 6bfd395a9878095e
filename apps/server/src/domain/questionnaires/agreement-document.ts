/**
 * An accepted agreement, read and downloaded again (issue 10): the exact version the person accepted,
 * its clauses in the page's language, what they ticked, and when. Only the person's own acceptance is
 * ever found (every query is scoped by the session's user); without one the answer is 30051.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ALL_LANGUAGES,
  DEFAULT_LANGUAGE,
  type QuestionnaireAnswers,
  type QuestionnaireTemplate,
} from '@kyc/contracts';
import type { QuestionnairesRepo } from '../../data/repositories/questionnaires-repo.ts';
import { AppError } from '../../lib/app-error.ts';
import { allQuestions } from './engine.ts';

type Texts = Record<string, unknown>;

export interface AgreementDocument {
  fileName: string;
  html: string;
}

export interface AgreementDocumentDeps {
  repo: Pick<QuestionnairesRepo, 'latestApproved'>;
  load: (code: string, version: number) => Promise<QuestionnaireTemplate>;
  /** Opens the person's sealed answers of a submission (the questionnaire service's `openAnswers`). */
  openAnswers: (userId: number, idempotencyKey: string, sealed: Buffer) => Promise<QuestionnaireAnswers>;
  /** The folder of translation namespaces (locales/). */
  localesDir: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** A dotted key of a namespace tree, or undefined. */
function lookup(tree: Texts, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Texts)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `{{name}}` placeholders filled with escaped values. */
function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}

/**
 * The document as a self-contained HTML page: no script, no external resource, the language's
 * direction; every text escaped. Pure, for the unit test.
 */
export function renderAgreementHtml(input: {
  template: QuestionnaireTemplate;
  answers: QuestionnaireAnswers;
  acceptedAt: number;
  language: string;
  text: (key: string) => string;
}): string {
  const { template, answers, acceptedAt, language, text } = input;
  const rtl = ALL_LANGUAGES.find((l) => l.code === language)?.rtl ?? false;
  const time = new Intl.DateTimeFormat(language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(acceptedAt));
  const title = escapeHtml(text(template.title));
  const pages = template.sections
    .flatMap((s) => s.pages)
    .map((page) => {
      const heading = page.title ? `<h2>${escapeHtml(text(page.title))}</h2>` : '';
      const body = (page.body ?? []).map((key) => `<p>${escapeHtml(text(key))}</p>`).join('\n');
      return `<section>${heading}\n${body}</section>`;
    })
    .join('\n');
  const accepted = allQuestions(template)
    .filter((q) => q.type === 'declaration' && answers[q.id] === true)
    .map((q) => `<li>${escapeHtml(text(q.label))}</li>`)
    .join('\n');
  const meta = escapeHtml(
    fill(text('result.document.acceptedAt'), { version: String(template.version), time: `${time} UTC` }),
  );
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(language)}" dir="${rtl ? 'rtl' : 'ltr'}">`,
    '<head><meta charset="utf-8">',
    `<title>${title}</title>`,
    '<style>body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;line-height:1.5}</style>',
    '</head><body>',
    `<h1>${title}</h1>`,
    `<p><strong>${meta}</strong></p>`,
    pages,
    `<h2>${escapeHtml(text('result.document.acceptances'))}</h2>`,
    `<ul>${accepted}</ul>`,
    '</body></html>',
    '',
  ].join('\n');
}

export function agreementDocumentUseCases(deps: AgreementDocumentDeps) {
  const cache = new Map<string, Texts>();
  async function texts(language: string): Promise<Texts> {
    const cached = cache.get(language);
    if (cached) return cached;
    const file = path.join(deps.localesDir, 'questionnaires', `${language}.json`);
    const tree = JSON.parse(await readFile(file, 'utf8')) as Texts;
    cache.set(language, tree);
    return tree;
  }

  return {
    /** The person's accepted version of an agreement as an HTML download, in `language` (else English). */
    async document(userId: number, templateCode: string, language: string): Promise<AgreementDocument> {
      const row = await deps.repo.latestApproved(userId, templateCode);
      const notAccepted = () =>
        new AppError('AGREEMENT_NOT_ACCEPTED', `${templateCode}: no accepted agreement of this person`);
      if (!row) throw notAccepted();
      const template = await deps.load(row.template_code, row.template_version);
      if (template.kind !== 'agreement') throw notAccepted();
      const lang = ALL_LANGUAGES.some((l) => l.code === language) ? language : DEFAULT_LANGUAGE;
      const [own, english] = await Promise.all([texts(lang), texts(DEFAULT_LANGUAGE)]);
      const answers = await deps.openAnswers(userId, row.idempotency_key, row.answers_enc);
      const html = renderAgreementHtml({
        template,
        answers,
        acceptedAt: Number(row.created_at),
        language: lang,
        text: (key) => lookup(own, key) ?? lookup(english, key) ?? key,
      });
      return { fileName: `${template.code}-v${template.version}`, html };
    },
  };
}
export type AgreementDocumentUseCases = ReturnType<typeof agreementDocumentUseCases>;
