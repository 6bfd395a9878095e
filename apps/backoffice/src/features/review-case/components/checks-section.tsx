/**
 * The case's "Checks" panel, first on the page (issue 19, docs/checks.md "Running the checks"): each
 * document check of the submission under review with its outcome in words (the colour only repeats
 * it), its score against its threshold where it has one, and what it found (check-detail.tsx). While
 * the checks are still running every check says "not run yet". Checks of a vendor's reading (D112) say
 * so, naming the vendor; those of a re-verification or an ID update say which (D124).
 */
import { useTranslation } from 'react-i18next';
import {
  formattingLocale,
  type CaseCheck,
  type CaseCheckCorrection,
  type CaseChecksRun,
} from '@kyc/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { Card } from '../../../ui/card.tsx';
import { CheckDetailText } from './check-detail.tsx';
import { CorrectionHistory } from './correction-history.tsx';
import { CheckName, OutcomeName } from './check-words.tsx';
import './checks-section.css';

/** The vendors' names as they spell them (brands: not translated). */
const VENDOR_NAMES = { sumsub: 'Sumsub', onfido: 'Onfido', jumio: 'Jumio' } as const;

export function ChecksSection({
  checks,
  run,
  corrections,
}: {
  checks: CaseCheck[] | undefined;
  run: CaseChecksRun | undefined;
  /** Issue 19 correction step: the person's answers (first typed, corrected or kept, zone typed). */
  corrections?: CaseCheckCorrection[] | undefined;
}) {
  const { t, i18n } = useTranslation();
  // OCR confidence (0-100) to one decimal; a face similarity (0-1) to two.
  const number = (n: number, name: CaseCheck['name']) =>
    new Intl.NumberFormat(formattingLocale(i18n.language), {
      maximumFractionDigits: name === 'face_match' || name === 'duplicate_face' ? 2 : 1,
    }).format(n);
  return (
    <Card as="section" aria-labelledby="case-checks">
      <h2 id="case-checks">{t('case.checks.heading')}</h2>
      {!run || !checks || checks.length === 0 ? (
        <p>{t('case.checks.none')}</p>
      ) : (
        <>
          {run.vendor ? <p>{t('case.checks.vendorReading', { vendor: VENDOR_NAMES[run.vendor] })}</p> : null}
          {run.kind === 'reverification' ? (
            <p>{t('case.checks.ofReverification', { id: run.submissionId })}</p>
          ) : null}
          {run.kind === 'update_id' ? <p>{t('case.checks.ofUpdateId', { id: run.submissionId })}</p> : null}
          {run.status === 'pending' ? <p>{t('case.checks.pending')}</p> : null}
          {run.status === 'failed' ? <p>{t('case.checks.failed')}</p> : null}
          {run.checkedAt !== null ? (
            <p>
              {t('case.checks.checkedAt')}{' '}
              <time dateTime={new Date(run.checkedAt).toISOString()}>
                {formatDateTime(run.checkedAt, i18n.language)}
              </time>
            </p>
          ) : null}
          <ul className="case-checks">
            {checks.map((check, i) => (
              <li key={check.name} className={`case-checks__check case-checks__check--${check.outcome}`}>
                <article aria-labelledby={`case-check-${i}`}>
                  <h3 id={`case-check-${i}`}>
                    <CheckName name={check.name} />
                    {': '}
                    <span className="case-checks__outcome">
                      <OutcomeName outcome={check.outcome} />
                    </span>
                  </h3>
                  {check.score !== null ? (
                    <p>
                      {check.threshold !== null
                        ? t('case.checks.scoreAgainst', {
                            score: number(check.score, check.name),
                            threshold: number(check.threshold, check.name),
                          })
                        : t('case.checks.score', { score: number(check.score, check.name) })}
                    </p>
                  ) : null}
                  <CheckDetailText
                    detail={check.detail}
                    relatedUserId={check.relatedUserId}
                    vendor={run.vendor ? VENDOR_NAMES[run.vendor] : undefined}
                  />
                </article>
              </li>
            ))}
          </ul>
          <CorrectionHistory corrections={corrections} />
        </>
      )}
    </Card>
  );
}
