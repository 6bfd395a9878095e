/**
 * The person's answers to the correction step (issue 19, docs/checks.md "The correction step"), under
 * the checks on the case's Checks panel: for each answer, what was typed before it, what the document
 * says and what the person did — corrected to a value, or kept with their reason — and the zone they
 * typed when OCR could not read it, marked as typed. data_match after each answer in words.
 */
import { useTranslation } from 'react-i18next';
import type { CaseCheckCorrection } from '@kyc/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { FieldValue } from './check-detail.tsx';
import { FieldName, OutcomeName } from './check-words.tsx';

export function CorrectionHistory({ corrections }: { corrections: CaseCheckCorrection[] | undefined }) {
  const { t, i18n } = useTranslation();
  if (!corrections || corrections.length === 0) return null;
  return (
    <section className="case-corrections" aria-labelledby="case-corrections" data-testid="case-corrections">
      <h3 id="case-corrections">{t('case.checks.corrections.heading')}</h3>
      <ol className="case-corrections__list">
        {corrections.map((answer) => (
          <li key={answer.revision}>
            <p className="case-corrections__title">
              {t(`case.checks.corrections.kind.${answer.kind}`)}{' '}
              <time dateTime={new Date(answer.at).toISOString()}>
                {formatDateTime(answer.at, i18n.language)}
              </time>
            </p>
            {answer.fields.length > 0 ? (
              <table className="case-checks__fields">
                <thead>
                  <tr>
                    <th scope="col">{t('case.checks.field')}</th>
                    <th scope="col">{t('case.checks.corrections.firstTyped')}</th>
                    <th scope="col">{t('case.checks.document')}</th>
                    <th scope="col">{t('case.checks.corrections.answer')}</th>
                  </tr>
                </thead>
                <tbody>
                  {answer.fields.map((f) => (
                    <tr key={f.field}>
                      <th scope="row">
                        <FieldName field={f.field} />
                      </th>
                      <td data-label={t('case.checks.corrections.firstTyped')}>
                        <span>
                          <FieldValue field={f.field} value={f.typed} />
                        </span>
                      </td>
                      <td data-label={t('case.checks.document')}>
                        <span>
                          <FieldValue field={f.field} value={f.document} />
                        </span>
                      </td>
                      <td data-label={t('case.checks.corrections.answer')}>
                        <span>
                          {f.action === 'correct' ? (
                            <>
                              {t('case.checks.corrections.corrected')}{' '}
                              <strong>
                                <FieldValue field={f.field} value={f.value} />
                              </strong>
                            </>
                          ) : (
                            <>
                              {t('case.checks.corrections.kept')} <q>{f.reason}</q>
                            </>
                          )}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {answer.mrzLines ? (
              <figure className="case-checks__zone">
                <figcaption>{t('case.checks.zoneTyped')}</figcaption>
                <pre dir="ltr">{answer.mrzLines.join('\n')}</pre>
              </figure>
            ) : null}
            <p>
              {t('case.checks.corrections.dataMatch')} <OutcomeName outcome={answer.dataMatch} />
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
