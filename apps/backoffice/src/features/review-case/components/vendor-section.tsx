import { useTranslation } from 'react-i18next';
import { VENDOR_EVENT_EFFECTS, VENDOR_REVIEW_STATUSES } from '@kyc/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { useProviderLabel } from '../../../lib/providers.ts';
import { Card } from '../../../ui/card.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import type { CaseVendorApplicant, CaseVendorEvent, CaseView } from '../api/case.ts';
import { RedactionNote } from '../../../ui/redacted.tsx';

/** Outcome kinds of apply-outcome.ts the screen names; another one shows as sent. */
const OUTCOMES = [
  'pending',
  'on_hold',
  'approved',
  'rejected_retry',
  'rejected_final',
  'reset',
  'none',
] as const;

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

function EventPayload({ event }: { event: CaseVendorEvent }) {
  const { t } = useTranslation();
  if (event.payload === null)
    return <>{event.payloadUnreadable ? t('case.vendor.payloadUnreadable') : t('case.vendor.noPayload')}</>;
  return (
    <details className="case-vendor__payload">
      <summary>{t('case.vendor.showPayload')}</summary>
      {/* Left to right whatever the page's direction: it is the vendor's JSON as received. */}
      <pre dir="ltr">{event.payload}</pre>
    </details>
  );
}

/**
 * The case's "Verification vendor" panel: the person's applicants at the vendors (our reference, the
 * vendor's applicant id, level, review status) and the vendors' events, newest first, each payload as
 * received, collapsed. The server audits the view (the opened events are named in `case.view`).
 */
export function VendorSection({ vendor }: { vendor: CaseView['vendor'] }) {
  const { t, i18n } = useTranslation();
  const providerLabel = useProviderLabel();
  const when = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms, i18n.language));

  const applicantColumns: DataColumn<CaseVendorApplicant>[] = [
    { label: t('case.vendor.columns.vendor'), cell: (a) => providerLabel(a.provider) },
    { label: t('case.vendor.columns.reference'), cell: (a) => <code>{a.externalUserId}</code> },
    {
      label: t('case.vendor.columns.applicantId'),
      cell: (a) => (a.vendorApplicantId ? <code>{a.vendorApplicantId}</code> : '—'),
    },
    { label: t('case.vendor.columns.level'), cell: (a) => t('common.levelN', { level: a.level }) },
    {
      label: t('case.vendor.columns.status'),
      cell: (a) =>
        isOneOf(VENDOR_REVIEW_STATUSES, a.reviewStatus)
          ? t(`case.vendor.reviewStatuses.${a.reviewStatus}`)
          : a.reviewStatus,
    },
    { label: t('case.vendor.columns.pendingSince'), cell: (a) => when(a.pendingSince) },
    { label: t('case.vendor.columns.lastEvent'), cell: (a) => when(a.lastEventAt) },
  ];

  const eventColumns: DataColumn<CaseVendorEvent>[] = [
    {
      label: t('case.vendor.eventColumns.time'),
      cell: (e) => <time dateTime={new Date(e.occurredAt).toISOString()}>{when(e.occurredAt)}</time>,
    },
    { label: t('case.vendor.eventColumns.vendor'), cell: (e) => providerLabel(e.provider) },
    { label: t('case.vendor.eventColumns.type'), cell: (e) => <code>{e.eventType}</code> },
    { label: t('case.vendor.eventColumns.source'), cell: (e) => t(`case.vendor.sources.${e.source}`) },
    {
      label: t('case.vendor.eventColumns.outcome'),
      cell: (e) => (isOneOf(OUTCOMES, e.outcome) ? t(`case.vendor.outcomes.${e.outcome}`) : e.outcome),
    },
    {
      label: t('case.vendor.eventColumns.effect'),
      cell: (e) =>
        isOneOf(VENDOR_EVENT_EFFECTS, e.effect) ? t(`case.vendor.effects.${e.effect}`) : e.effect,
    },
    { label: t('case.vendor.eventColumns.payload'), cell: (e) => <EventPayload event={e} /> },
  ];

  return (
    <Card as="section" aria-labelledby="case-vendor">
      <h2 id="case-vendor">{t('case.vendor.heading')}</h2>
      <RedactionNote kind="vendor_events" />
      {vendor.applicants.length === 0 ? (
        <p>{t('case.vendor.none')}</p>
      ) : (
        <DataTable
          caption={t('case.vendor.applicantsCaption')}
          columns={applicantColumns}
          items={vendor.applicants}
          rowKey={(a) => a.provider}
        />
      )}
      <h3>{t('case.vendor.eventsHeading')}</h3>
      {vendor.events.length === 0 ? (
        <p>{t('case.vendor.eventsNone')}</p>
      ) : (
        <>
          <p className="case-vendor__note">{t('case.vendor.eventsLimit')}</p>
          <DataTable
            caption={t('case.vendor.eventsCaption')}
            columns={eventColumns}
            items={vendor.events}
            rowKey={(e) => e.id}
          />
        </>
      )}
    </Card>
  );
}
