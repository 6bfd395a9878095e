/**
 * The case history: every decision, newest first, naming who took it — a staff member by name ("you"
 * for the signed-in one), or a verification vendor's automatic decision as "Sumsub (automatic)"; the
 * in-house provider's own (issue 19) as "In-house checks (automatic)" with its evidence. A vendor's
 * approval held for a reviewer (issue 18, D105: a frozen account or an open screening hit) is in it
 * too, with why, from the vendor's events: it decided nothing, so it is no decision row.
 */
import { useTranslation } from 'react-i18next';
import type { ReviewVendorEvent, StaffMe } from '@kyc/contracts';
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

type HeldEvent = ReviewVendorEvent & { effect: 'held_frozen' | 'held_open_hit' };
const isHeld = (event: ReviewVendorEvent): event is HeldEvent =>
  event.effect === 'held_frozen' || event.effect === 'held_open_hit';

/** A vendor's approval that waits for a reviewer, and why. */
function HeldEntry({ event }: { event: HeldEvent }) {
  const { t, i18n } = useTranslation();
  const providerLabel = useProviderLabel();
  return (
    <li className="case-history__entry">
      <p className="case-history__head">
        <time dateTime={new Date(event.receivedAt).toISOString()}>
          {formatDateTime(event.receivedAt, i18n.language)}
        </time>{' '}
        <strong>{t('case.history.heldApproval')}</strong>{' '}
        {event.level !== null && event.level > 0 ? (
          <span>{t('common.levelN', { level: event.level })}</span>
        ) : null}
      </p>
      <p className="case-history__by">
        {t('case.history.by')} {t('case.history.automatic', { vendor: providerLabel(event.provider) })}
      </p>
      <p>
        {event.effect === 'held_frozen'
          ? t('case.vendor.effects.held_frozen')
          : t('case.vendor.effects.held_open_hit')}
      </p>
    </li>
  );
}

export function HistorySection({
  decisions,
  me,
  vendorEvents = [],
}: {
  decisions: CaseDecisionEntry[];
  me: StaffMe;
  /** The case's vendor events: those that held an approval are told here (D105). */
  vendorEvents?: ReviewVendorEvent[];
}) {
  const { t } = useTranslation();
  const entries = [
    ...decisions.map((entry) => ({
      at: entry.at,
      key: `d${entry.id}`,
      node: <HistoryEntry key={`d${entry.id}`} entry={entry} me={me} />,
    })),
    ...vendorEvents.filter(isHeld).map((event) => ({
      at: event.receivedAt,
      key: `v${event.id}`,
      node: <HeldEntry key={`v${event.id}`} event={event} />,
    })),
  ].sort((a, b) => b.at - a.at);
  return (
    <Card as="section" aria-labelledby="case-history">
      <h2 id="case-history">{t('case.history.heading')}</h2>
      {entries.length === 0 ? (
        <p>{t('case.history.none')}</p>
      ) : (
        <ol className="case-history">{entries.map((entry) => entry.node)}</ol>
      )}
    </Card>
  );
}
