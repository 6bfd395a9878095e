/**
 * The evidence of an automatic decision (issue 19, D102), in words: why it was taken (every check
 * clean, or a hard rule), each check with its outcome, the screening status and the risk level. Shared
 * by the quality-review queue and the case history.
 */
import { useTranslation } from 'react-i18next';
import type { AutoDecisionEvidence } from '@kyc/contracts';
import './auto-decision-evidence.css';

export function AutoDecisionEvidenceView({ evidence }: { evidence: AutoDecisionEvidence }) {
  const { t } = useTranslation();
  return (
    <div className="auto-evidence">
      <p className="auto-evidence__rule">{t(`autoReview.rules.${evidence.rule}`)}</p>
      <ul className="auto-evidence__checks" aria-label={t('autoReview.evidence.checks')}>
        {evidence.checks.map((c) => (
          <li key={c.name}>
            {t(`case.checks.names.${c.name}`)}: {t(`case.checks.outcomes.${c.outcome}`)}
          </li>
        ))}
      </ul>
      <p>
        {t('autoReview.evidence.screening')} {t(`case.screening.statuses.${evidence.screening}`)}
        {evidence.risk ? (
          <>
            {' · '}
            {t('autoReview.evidence.risk')} {t(`case.risk.levels.${evidence.risk}`)}
          </>
        ) : null}
      </p>
    </div>
  );
}
