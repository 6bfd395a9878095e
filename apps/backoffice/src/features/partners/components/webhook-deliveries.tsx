import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formattingLocale } from '@kyc/contracts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { fetchDeliveries, redeliver, type WebhookDeliveryEntry } from '../api/partner-webhooks.ts';

/**
 * The partner's webhook deliveries, newest first: status, event, attempts, the partner's answer code and
 * the next attempt, with "Redeliver" on each (audited). Older pages are read by cursor and appended
 * ("Show older deliveries"), like the partners list: the server never counts them, so there is no page
 * number to show, and lib/use-list-page (page numbers in the URL) does not fit.
 */
export function WebhookDeliveries({ partnerId }: { partnerId: string }) {
  const { t, i18n } = useTranslation();
  const { resource, reload } = useResource(`deliveries:${partnerId}`, (signal) =>
    fetchDeliveries(partnerId, null, signal),
  );
  const [more, setMore] = useState<{ items: WebhookDeliveryEntry[]; cursor: number | null } | null>(null);
  const [changed, setChanged] = useState<ReadonlyMap<number, WebhookDeliveryEntry>>(new Map());
  const [busy, setBusy] = useState<number | 'more' | null>(null);
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const number = new Intl.NumberFormat(formattingLocale(i18n.language), { useGrouping: false });

  const again = async (delivery: WebhookDeliveryEntry) => {
    setBusy(delivery.id);
    setNotice(null);
    try {
      const updated = await redeliver(delivery.id);
      setChanged((map) => new Map(map).set(updated.id, updated));
      setNotice({ tone: 'info', text: t('partnerWebhook.deliveries.redelivered', { id: delivery.id }) });
    } catch (error) {
      setNotice({ tone: 'error', text: t(errorMessageKey(error)) });
    } finally {
      setBusy(null);
    }
  };

  const showMore = async (cursor: number) => {
    setBusy('more');
    try {
      const page = await fetchDeliveries(partnerId, cursor);
      setMore((now) => ({ items: [...(now?.items ?? []), ...page.items], cursor: page.nextCursor }));
    } catch (error) {
      setNotice({ tone: 'error', text: t(errorMessageKey(error)) });
    } finally {
      setBusy(null);
    }
  };

  const when = (ms: number | null) =>
    ms === null ? t('partnerWebhook.deliveries.none') : formatDateTime(ms, i18n.language);

  const columns: DataColumn<WebhookDeliveryEntry>[] = [
    { label: t('partnerWebhook.deliveries.columns.created'), cell: (d) => when(d.createdAt) },
    {
      label: t('partnerWebhook.deliveries.columns.event'),
      cell: (d) => (
        <bdi dir="ltr" className="partners-id">
          {d.ref} {d.eventStatus}
        </bdi>
      ),
    },
    {
      label: t('partnerWebhook.deliveries.columns.status'),
      cell: (d) => (
        <span className={d.status === 'failed' ? 'partners-flag partners-flag--off' : 'partners-flag'}>
          {t(`partnerWebhook.deliveries.status.${d.status}`)}
        </span>
      ),
    },
    { label: t('partnerWebhook.deliveries.columns.attempts'), cell: (d) => number.format(d.attempts) },
    {
      label: t('partnerWebhook.deliveries.columns.answer'),
      cell: (d) =>
        d.lastStatusCode === null
          ? d.attempts === 0
            ? t('partnerWebhook.deliveries.none')
            : t('partnerWebhook.deliveries.noAnswer')
          : number.format(d.lastStatusCode),
    },
    { label: t('partnerWebhook.deliveries.columns.next'), cell: (d) => when(d.nextAttemptAt) },
    {
      label: t('partnerWebhook.deliveries.columns.actions'),
      cell: (d) => (
        <Button variant="secondary" busy={busy === d.id} onClick={() => void again(d)}>
          {t('partnerWebhook.deliveries.redeliver', { id: d.id })}
        </Button>
      ),
    },
  ];

  const first = resource.state === 'ready' ? resource.data : null;
  const items = first ? [...first.items, ...(more?.items ?? [])].map((d) => changed.get(d.id) ?? d) : [];
  const cursor = more ? more.cursor : (first?.nextCursor ?? null);

  return (
    <section
      className="partner-webhook__section"
      aria-labelledby="partner-webhook-deliveries"
      aria-busy={resource.state === 'loading'}
    >
      <h2 id="partner-webhook-deliveries">{t('partnerWebhook.deliveries.heading')}</h2>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {resource.state === 'loading' ? <Spinner label={t('app.loading')} /> : null}
      {resource.state === 'error' ? (
        <LoadError message={t(errorMessageKey(resource.error))} onRetry={reload} />
      ) : null}
      {first && items.length === 0 ? (
        <Card>
          <p>{t('partnerWebhook.deliveries.empty')}</p>
        </Card>
      ) : null}
      {items.length > 0 ? (
        <DataTable
          caption={t('partnerWebhook.deliveries.caption')}
          columns={columns}
          items={items}
          rowKey={(d) => d.id}
        />
      ) : null}
      {cursor !== null ? (
        <p className="partners-more">
          <Button variant="secondary" busy={busy === 'more'} onClick={() => void showMore(cursor)}>
            {t('partnerWebhook.deliveries.showMore')}
          </Button>
        </p>
      ) : null}
    </section>
  );
}
