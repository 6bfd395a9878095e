import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { questionnaireTemplate, type QuestionnaireTemplate } from '@kyc/contracts';
import { renderAgreementHtml } from './agreement-document.ts';
import { wrongAnswers } from './engine.ts';

const CONTENT = path.resolve(import.meta.dirname, '../../../../../content/questionnaires');
const template = (file: string): QuestionnaireTemplate =>
  questionnaireTemplate.parse(JSON.parse(readFileSync(path.join(CONTENT, file), 'utf8')));

describe('renderAgreementHtml (issue 10: an accepted agreement read again)', () => {
  const agreement = template('client-agreement.v1.json');
  const render = (language: string, text: (key: string) => string = (k) => k) =>
    renderAgreementHtml({
      template: agreement,
      answers: { accept_terms: true, accept_risk: true, accept_electronic: false },
      acceptedAt: Date.UTC(2026, 10, 20, 9, 30),
      language,
      text,
    });

  it('when rendered, then it names the version and the time (UTC) and lists only what was ticked', () => {
    const html = render('en', (k) =>
      k === 'result.document.acceptedAt' ? 'Version {{version}}, {{time}}.' : k,
    );
    expect(html).toContain('Version 1, November 20, 2026 at 9:30 AM UTC.');
    expect(html).toContain('<li>client-agreement.q.accept_terms.label</li>');
    expect(html).not.toContain('accept_electronic');
    expect(html).toContain('<p>client-agreement.pages.terms.p12</p>');
  });

  it('when a text holds markup, then it is escaped; no script can appear', () => {
    const html = render('en', () => '<script>alert(1)</script> & "x"');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;');
  });

  it('when the language is Arabic, then the page is right to left', () => {
    expect(render('ar-SA')).toContain('<html lang="ar-SA" dir="rtl">');
    expect(render('de-DE')).toContain('<html lang="de-DE" dir="ltr">');
  });
});

describe('wrongAnswers (issue 10: a failed test says which answers were wrong)', () => {
  const test = template('crypto-knowledge-test.v1.json');
  const questions = test.sections.flatMap((s) => s.pages.flatMap((p) => p.questions));
  const pick = (best: boolean) =>
    Object.fromEntries(
      questions.flatMap((q) =>
        q.type === 'single_choice'
          ? [
              [
                q.id,
                [...q.options].sort((a, b) => (b.score ?? 0) - (a.score ?? 0)).at(best ? 0 : -1)?.value ?? '',
              ],
            ]
          : [],
      ),
    );

  it('when every answer is right, then none is listed; when one is wrong, then only its id', () => {
    const best = pick(true);
    expect(wrongAnswers(test, best)).toEqual([]);
    const [first] = questions;
    if (!first) throw new Error('no questions');
    expect(wrongAnswers(test, { ...best, [first.id]: pick(false)[first.id] ?? '' })).toEqual([first.id]);
  });

  it('when the test measures a profile (bands), then no answer is called wrong', () => {
    const risk = template('risk-tolerance-test.v1.json');
    expect(wrongAnswers(risk, {})).toEqual([]);
  });
});
