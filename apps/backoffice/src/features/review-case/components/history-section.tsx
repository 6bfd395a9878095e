/**
 * The case history: every decision, newest first, naming who took it — a staff member by name ("you"
 * for the signed-in one), or a verification vendor's automatic decision as "Sumsub (automatic)"; the
 * in-house provider's own (issue 19) as "In-house checks (automatic)" with its evidence.
 */
import { useTranslation } from 'react-i18next';
import type { StaffMe } from '@kyc/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { useProviderLabel } from '../../../lib/providers.ts';
import { Card } from '../../../ui/card.tsx';
import type { CaseDecisionEntry } from '../api/case.ts';
import { DecisionKindLabel, ReasonLabel } from './labels.tsx';
import { RedactableText } from '../../../ui/redacted.tsx';
import { AutoDecisionEvidenceView } from '../../../ui/auto-decision-evidence.tsx';

/** A staff member of the history by the name the server gives, else (no such member) by number. */
function StaffName({ id, name, me }: { id: number; name: string | null; me: StaffMe }) {
  const { t } = useTranslation();
  if (id === me.id) return <>{name ? t('case.history.youNamed', { name }) : t('case.history.you', { id })}</>;
  return <>{name ?? t('case.history.staff', { id })}</>;
}

/** A vendor's automatic decision names the vendor ("Sumsub (automatic)"), never staff member #0. */
function Decider({ entry, me }: { entry: CaseDecisionEntry; me: StaffMe }) {
  const { t } = useTranslation();
  const providerLabel = useProviderLabel();
  if (entry.decidedByProvider)
    return <>{t('case.history.automatic', { vendor: providerLabel(entry.decidedByProvider) })}</>;
  // Issue 19 (D102): the in-house provider's own decision.
  if (entry.automatic) return <>{t('case.history.inHouseAutomatic')}</>;
  return <StaffName id={entry.staffId} name={entry.staffName} me={me} />;
}

function HistoryEntry({ entry, me }: { entry: CaseDecisionEntry; me: StaffMe }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="case-history__entry">
      <p className="case-history__head">
        <time dateTime={new Date(entry.at).toISOString()}>{formatDateTime(entry.at, i18n.language)}</time>{' '}
        <strong>
          <DecisionKindLabel kind={entry.decision} />
        </strong>{' '}
        {entry.level > 0 ? <span>{t('common.levelN', { level: entry.level })}</span> : null}
      </p>
      <p className="case-history__by">
        {entry.confirmedBy !== null ? (
          <>
            {t('case.history.proposedBy')} <Decider entry={entry} me={me} />
            {' · '}
            {t('case.history.confirmedBy')}{' '}
            <StaffName id={entry.confirmedBy} name={entry.confirmedByName} me={me} />
          </>
        ) : (
          <>
            {t('case.history.by')} <Decider entry={entry} me={me} />
          </>
        )}
      </p>
      {entry.automatic ? <AutoDecisionEvidenceView evidence={entry.automatic} /> : null}
      {entry.comment ? (
        <p>
          {t('captureSignOff.history.comment')}{' '}
          <span className="ui-message">
            <RedactableText kind="decisions_audit" value={entry.comment} />
          </span>
        </p>
      ) : null}
      {entry.reasonCode ? (
        <p>
          <ReasonLabel code={entry.reasonCode} />
          {entry.userMessage ? (
            <span className="ui-message">
              {' — '}
              <RedactableText kind="decisions_audit" value={entry.userMessage} />
            </span>
          ) : null}
        </p>
      ) : null}
    </li>
  );
}

export function HistorySection({ decisions, me }: { decisions: CaseDecisionEntry[]; me: StaffMe }) {
  const { t } = useTranslation();
  return (
    <Card as="section" aria-labelledby="case-history">
      <h2 id="case-history">{t('case.history.heading')}</h2>
      {decisions.length === 0 ? (
        <p>{t('case.history.none')}</p>
      ) : (
        <ol className="case-history">
          {decisions.map((entry) => (
            <HistoryEntry key={entry.id} entry={entry} me={me} />
          ))}
        </ol>
      )}
    </Card>
  );
}
