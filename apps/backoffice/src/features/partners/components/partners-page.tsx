import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RET_CODES, formattingLocale } from '@kyc/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { fetchPartners, rotateSecret, type PartnerEntry, type PartnerSecretResult } from '../api/partners.ts';
import { PartnerDialog } from './partner-dialog.tsx';
import { RevokeDialog } from './revoke-dialog.tsx';
import { SecretDialog } from './secret-dialog.tsx';
import './partners.css';

type Open =
  | { kind: 'create' }
  | { kind: 'edit'; partner: PartnerEntry }
  | { kind: 'revoke'; partner: PartnerEntry; secret: PartnerEntry['secrets'][number] }
  | { kind: 'secret'; made: PartnerSecretResult }
  | null;

type Notice = { tone: 'info' | 'error'; text: string } | null;

/**
 * Partners (admin): the businesses that call the integration API, with their origins, flags, linked
 * users and live secrets (fingerprints). Pages are read with a cursor and appended ("Show more"). A new
 * secret is shown once in its own dialog; a conflict (54014) reads the list again.
 */
export function PartnersPage() {
  const { t, i18n } = useTranslation();
  const title = t('areas.partners.title');
  useDocumentTitle(title);
  const { resource, reload } = useResource('partners', (signal) => fetchPartners(null, signal));
  const [more, setMore] = useState<{ items: PartnerEntry[]; cursor: string | null } | null>(null);
  const [changed, setChanged] = useState<ReadonlyMap<string, PartnerEntry>>(new Map());
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // Western digits in every language, as every number of the console (formattingLocale, D34).
  const number = new Intl.NumberFormat(formattingLocale(i18n.language));

  const replace = (partner: PartnerEntry) => setChanged((map) => new Map(map).set(partner.id, partner));
  const reread = () => {
    setMore(null);
    setChanged(new Map());
    reload();
  };
  const conflict = () => {
    setOpen(null);
    setNotice({ tone: 'error', text: t('partners.errors.conflict') });
    reread();
  };

  const rotate = async (partner: PartnerEntry) => {
    setBusy(partner.id);
    setNotice(null);
    try {
      const made = await rotateSecret(partner);
      replace(made.partner);
      setOpen({ kind: 'secret', made });
    } catch (error) {
      if (isApiError(error, RET_CODES.PARTNER_EDIT_CONFLICT.code)) conflict();
      else if (isApiError(error, RET_CODES.PARTNER_TOO_MANY_SECRETS.code))
        setNotice({ tone: 'error', text: t('partners.errors.tooManySecrets', { partner: partner.name }) });
      else setNotice({ tone: 'error', text: t(errorMessageKey(error)) });
    } finally {
      setBusy(null);
    }
  };

  const showMore = async (cursor: string) => {
    setBusy('more');
    try {
      const page = await fetchPartners(cursor);
      setMore((now) => ({ items: [...(now?.items ?? []), ...page.items], cursor: page.nextCursor }));
    } catch (error) {
      setNotice({ tone: 'error', text: t(errorMessageKey(error)) });
    } finally {
      setBusy(null);
    }
  };

  const columns: DataColumn<PartnerEntry>[] = [
    {
      label: t('partners.columns.partner'),
      cell: (p) => (
        <div className="partners-name">
          <strong>{p.name}</strong> <bdi className="partners-id">{p.id}</bdi>
          <span className="partners-badges">
            <span className={p.active ? 'partners-flag' : 'partners-flag partners-flag--off'}>
              {p.active ? t('partners.flags.active') : t('partners.flags.inactive')}
            </span>
            {p.firstParty ? <span className="partners-flag">{t('partners.flags.firstParty')}</span> : null}
          </span>
        </div>
      ),
    },
    {
      label: t('partners.columns.origins'),
      cell: (p) =>
        p.allowedOrigins.length === 0 ? (
          t('partners.none')
        ) : (
          <ul className="partners-list">
            {p.allowedOrigins.map((origin) => (
              <li key={origin} dir="ltr">
                {origin}
              </li>
            ))}
          </ul>
        ),
    },
    { label: t('partners.columns.linkedUsers'), cell: (p) => number.format(p.linkedUsers) },
    {
      label: t('partners.columns.secrets'),
      cell: (p) =>
        p.secrets.length === 0 ? (
          t('partners.noSecret')
        ) : (
          <ul className="partners-list">
            {p.secrets.map((s) => (
              <li key={s.id} className="partners-secret-row">
                <span>
                  <bdi className="partners-fingerprint">{s.fingerprint}</bdi>{' '}
                  {t('partners.createdOn', { date: formatDate(s.createdAt, i18n.language) })}
                </span>
                <Button variant="ghost" onClick={() => setOpen({ kind: 'revoke', partner: p, secret: s })}>
                  {t('partners.revoke.action', { fingerprint: s.fingerprint })}
                </Button>
              </li>
            ))}
          </ul>
        ),
    },
    {
      label: t('partners.columns.actions'),
      cell: (p) => (
        <div className="partners-actions">
          <Button variant="secondary" onClick={() => setOpen({ kind: 'edit', partner: p })}>
            {t('partners.edit', { partner: p.name })}
          </Button>
          <Button variant="secondary" busy={busy === p.id} onClick={() => void rotate(p)}>
            {t('partners.rotate', { partner: p.name })}
          </Button>
          <Link to={paths.partnerWebhook.getHref(p.id)}>{t('partners.webhook', { partner: p.name })}</Link>
        </div>
      ),
    },
  ];

  const first = resource.state === 'ready' ? resource.data : null;
  const items = first ? [...first.items, ...(more?.items ?? [])].map((p) => changed.get(p.id) ?? p) : [];
  const cursor = more ? more.cursor : (first?.nextCursor ?? null);

  return (
    <>
      <div className="partners-heading">
        <h1>{title}</h1>
        <Button onClick={() => setOpen({ kind: 'create' })}>{t('partners.create')}</Button>
      </div>
      <p className="partners-intro">{t('partners.intro')}</p>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <section aria-live="polite" aria-busy={resource.state === 'loading'}>
        {resource.state === 'loading' ? <Spinner label={t('app.loading')} /> : null}
        {resource.state === 'error' ? (
          <LoadError message={t(errorMessageKey(resource.error))} onRetry={reload} />
        ) : null}
        {first && items.length === 0 ? (
          <Card>
            <p>{t('partners.empty')}</p>
          </Card>
        ) : null}
        {items.length > 0 ? (
          <DataTable
            caption={t('partners.tableCaption')}
            columns={columns}
            items={items}
            rowKey={(p) => p.id}
          />
        ) : null}
        {cursor ? (
          <p className="partners-more">
            <Button variant="secondary" busy={busy === 'more'} onClick={() => void showMore(cursor)}>
              {t('partners.showMore')}
            </Button>
          </p>
        ) : null}
      </section>
      {open?.kind === 'create' || open?.kind === 'edit' ? (
        <PartnerDialog
          partner={open.kind === 'edit' ? open.partner : undefined}
          onClose={() => setOpen(null)}
          onConflict={conflict}
          onSaved={(saved) => {
            replace(saved);
            setOpen(null);
            setNotice({ tone: 'info', text: t('partners.saved', { partner: saved.name }) });
          }}
          onCreated={(made) => {
            setMore((now) => ({
              items: [...(now?.items ?? []), made.partner],
              cursor: now?.cursor ?? cursor,
            }));
            setOpen({ kind: 'secret', made });
          }}
        />
      ) : null}
      {open?.kind === 'revoke' ? (
        <RevokeDialog
          partner={open.partner}
          secret={open.secret}
          onClose={() => setOpen(null)}
          onConflict={conflict}
          onRevoked={(partner) => {
            replace(partner);
            setOpen(null);
            setNotice({
              tone: 'info',
              text: t('partners.revoke.done', { fingerprint: open.secret.fingerprint }),
            });
          }}
        />
      ) : null}
      {open?.kind === 'secret' ? (
        <SecretDialog
          partnerName={open.made.partner.name}
          secret={open.made.secret}
          fingerprint={open.made.fingerprint}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}
