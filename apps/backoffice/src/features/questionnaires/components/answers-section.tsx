import { useTranslation } from 'react-i18next';
import { formattingLocale } from '@kyc/contracts';
import { Card } from '../../../ui/card.tsx';
import { evidenceUrl, type ResponseAnswer, type ResponseSubmission } from '../api/review.ts';
import { useTemplateText } from '../template-text.ts';
import { useRedactionMarker } from '../../../lib/redactions.tsx';
import { Redacted } from '../../../ui/redacted.tsx';

interface AnswerContext {
  userId: number;
  templateCode: string;
  /** Evidence ids in the order of the evidence gallery: "File 2" here is "Evidence 2" there. */
  evidenceNumber: (id: string) => number;
}

/** Answers grouped as the person saw them: by section, then by page. */
interface Group {
  section: string;
  pages: { page: string | null; answers: ResponseAnswer[] }[];
}

export function groupAnswers(answers: readonly ResponseAnswer[]): Group[] {
  const groups: Group[] = [];
  for (const answer of answers) {
    let group = groups.at(-1);
    if (!group || group.section !== answer.section) {
      group = { section: answer.section, pages: [] };
      groups.push(group);
    }
    let page = group.pages.at(-1);
    if (!page || page.page !== answer.page) {
      page = { page: answer.page, answers: [] };
      group.pages.push(page);
    }
    page.answers.push(answer);
  }
  return groups;
}

function isEmpty(value: ResponseAnswer['value']): boolean {
  return value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

function countryName(code: string, language: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code; // not a region code Intl knows
  }
}

function dateText(value: string, language: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(ms)) return value;
  return `${new Intl.DateTimeFormat(formattingLocale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(ms)} (${value})`;
}

/** One answer as a reviewer reads it: option labels, names of countries, dates, yes/no, evidence links. */
function AnswerValue({ answer, context }: { answer: ResponseAnswer; context: AnswerContext }) {
  const { t, i18n } = useTranslation();
  const templateText = useTemplateText();
  const { value } = answer;
  if (isEmpty(value)) {
    return <span className="qr-unanswered">{t('questionnaireReview.response.answers.notAnswered')}</span>;
  }
  switch (answer.type) {
    case 'single_choice':
      return (
        <>{answer.optionLabels.length > 0 ? templateText(answer.optionLabels[0] ?? '') : String(value)}</>
      );
    case 'multiple_choice': {
      const labels =
        answer.optionLabels.length > 0
          ? answer.optionLabels.map((key) => templateText(key))
          : Array.isArray(value)
            ? value
            : [];
      return (
        <ul>
          {labels.map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
      );
    }
    case 'number':
      return (
        <>
          {typeof value === 'number'
            ? new Intl.NumberFormat(formattingLocale(i18n.language)).format(value)
            : String(value)}
        </>
      );
    case 'date':
      return <>{dateText(String(value), i18n.language)}</>;
    case 'country':
      return <>{countryName(String(value), i18n.language)}</>;
    case 'yes_no':
      return <>{value === true ? templateText('common.yes') : templateText('common.no')}</>;
    case 'declaration':
      return (
        <>
          {value === true
            ? t('questionnaireReview.response.answers.declared')
            : t('questionnaireReview.response.answers.notDeclared')}
        </>
      );
    case 'evidence_upload': {
      const ids = Array.isArray(value) ? value : [String(value)];
      return (
        <>
          <span>{t('questionnaireReview.response.answers.files', { count: ids.length })}</span>
          <ul>
            {ids.map((id) => (
              <li key={id}>
                <a
                  href={evidenceUrl(context.userId, context.templateCode, id)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('questionnaireReview.response.answers.evidenceLink', { n: context.evidenceNumber(id) })}
                </a>
              </li>
            ))}
          </ul>
        </>
      );
    }
    default:
      // Typed by the person, in any script: its own direction, not the page's (English in an Arabic page).
      return (
        <span className="ui-message" dir="auto">
          {Array.isArray(value) ? value.join(', ') : String(value)}
        </span>
      );
  }
}

/** The answers of one submission, labelled in the page's language, by section and page. */
export function AnswersList({
  submission,
  context,
}: {
  submission: ResponseSubmission;
  context: AnswerContext;
}) {
  const templateText = useTemplateText();
  return (
    <>
      {groupAnswers(submission.answers).map((group, g) => (
        <section key={`${group.section}-${g}`} className="qr-section">
          <h3>{templateText(group.section)}</h3>
          {group.pages.map((page, p) => (
            <div key={`${page.page ?? ''}-${p}`}>
              {page.page && page.page !== group.section ? <h4>{templateText(page.page)}</h4> : null}
              <dl className="qr-answers">
                {page.answers.map((answer) => (
                  <div key={answer.questionId} className="qr-answer">
                    <dt>{templateText(answer.label)}</dt>
                    <dd>
                      <AnswerValue answer={answer} context={context} />
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </section>
      ))}
    </>
  );
}

export function AnswersSection({
  submission,
  context,
}: {
  submission: ResponseSubmission | null;
  context: AnswerContext;
}) {
  const { t } = useTranslation();
  // Issue 20: the erasure emptied the answers; the marker says when and under which policy version.
  const erased = useRedactionMarker('questionnaire_answers');
  return (
    <Card as="section" aria-labelledby="qr-answers">
      <h2 id="qr-answers">{t('questionnaireReview.response.answers.heading')}</h2>
      {submission && submission.answers.length > 0 ? (
        <AnswersList submission={submission} context={context} />
      ) : erased && submission ? (
        <Redacted marker={erased} />
      ) : (
        <p>{t('questionnaireReview.response.answers.none')}</p>
      )}
    </Card>
  );
}
