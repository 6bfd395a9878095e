import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formattingLocale, type SecurityEventKind, type SignInEvent } from '@kyc/contracts';
import { isolate } from '../../../lib/i18n/bidi';
import { Button } from '../../../ui/button';
import { getSignIns } from '../api/sign-ins';
import './recent-sign-ins.css';

/** What each entry says, and the colour of its tag (docs/security.md "Security log"). */
const KIND = {
  sign_in: { text: 'security.signIns.kinds.sign_in', tone: 'success' },
  sign_up: { text: 'security.signIns.kinds.sign_up', tone: 'info' },
  sign_in_failed: { text: 'security.signIns.kinds.sign_in_failed', tone: 'danger' },
  sign_in_throttled: { text: 'security.signIns.kinds.sign_in_throttled', tone: 'warn' },
  second_factor_failed: { text: 'security.signIns.kinds.second_factor_failed', tone: 'danger' },
} as const satisfies Record<SecurityEventKind, { text: string; tone: string }>;

type Load =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; items: SignInEvent[]; next: number | null; more: 'idle' | 'loading' | 'error' };

/**
 * The person's own security log: the last sign-ins, failed attempts and pauses on their account, with
 * the browser, the network and the time, newest first; "Show more" pages back. A failure shows a retry;
 * the rest of the page never depends on it.
 */
export function RecentSignIns() {
  const { t } = useTranslation();
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  const first = useCallback(() => {
    setLoad({ status: 'loading' });
    getSignIns().then(
      (page) =>
        setLoad(
          Array.isArray(page?.items)
            ? { status: 'ready', items: page.items, next: page.next_cursor, more: 'idle' }
            : { status: 'error' },
        ),
      () => setLoad({ status: 'error' }),
    );
  }, []);
  useEffect(first, [first]);

  const more = () => {
    if (load.status !== 'ready' || load.next === null) return;
    setLoad({ ...load, more: 'loading' });
    getSignIns(load.next).then(
      (page) =>
        setLoad({
          status: 'ready',
          items: [...load.items, ...page.items],
          next: page.next_cursor,
          more: 'idle',
        }),
      () => setLoad({ ...load, more: 'error' }),
    );
  };

  return (
    <section className="card recent-sign-ins" aria-labelledby="recent-sign-ins-title">
      <h2 id="recent-sign-ins-title" className="card__title">
        {t('security.signIns.title')}
      </h2>
      <p className="recent-sign-ins__intro">{t('security.signIns.intro')}</p>
      {load.status === 'loading' ? (
        <p role="status" className="recent-sign-ins__state">
          {t('security.signIns.loading')}
        </p>
      ) : load.status === 'error' ? (
        <div role="alert" className="recent-sign-ins__state">
          <p>{t('security.signIns.error')}</p>
          <Button variant="secondary" onClick={first}>
            {t('security.signIns.retry')}
          </Button>
        </div>
      ) : load.items.length === 0 ? (
        <p className="recent-sign-ins__state">{t('security.signIns.empty')}</p>
      ) : (
        <>
          <ul className="recent-sign-ins__list">
            {load.items.map((item) => (
              <SignInItem key={item.id} item={item} />
            ))}
          </ul>
          {load.more === 'error' ? (
            <p role="alert" className="recent-sign-ins__state">
              {t('security.signIns.error')}
            </p>
          ) : null}
          {load.next !== null ? (
            <Button variant="secondary" loading={load.more === 'loading'} onClick={more}>
              {t('security.signIns.more')}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

function SignInItem({ item }: { item: SignInEvent }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const at = new Date(item.at);
  // One digit system per page (D34): the formatting locale, as every other date of the app.
  const when = new Intl.DateTimeFormat(formattingLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(at);
  const browser = item.browser ? isolate(item.browser) : t('security.signIns.unknownBrowser');
  // Product names keep their own direction inside the translated sentence ("Chrome على Linux").
  const device = item.system
    ? t('security.signIns.device', { browser, system: isolate(item.system) })
    : browser;
  const kind = KIND[item.kind];
  return (
    <li className="recent-sign-ins__item">
      <span className={`status-tag status-tag--${kind.tone}`}>{t(kind.text)}</span>
      <span className="recent-sign-ins__device">{device}</span>
      <span className="recent-sign-ins__meta">
        <time dateTime={item.at}>{when}</time>
        {item.network ? (
          <>
            {' · '}
            <span>
              {t('security.signIns.network')} <bdi dir="ltr">{item.network}</bdi>
            </span>
          </>
        ) : null}
      </span>
    </li>
  );
}
