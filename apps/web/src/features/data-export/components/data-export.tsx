import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formattingLocale, type DataExportStatusResult } from '@kyc/contracts';
import { isApiError, isStepUpCancelled, newIdempotencyKey, serverDecided } from '../../../lib/http';
import { errorText } from '../../../lib/i18n/error-text';
import { Button } from '../../../ui/button';
import {
  fetchExport,
  getLatestExport,
  postExportLink,
  postExportRequest,
  saveFile,
} from '../api/data-export';
import './data-export.css';

/** How often the page asks again while a copy is being prepared. */
export const POLL_MS = 3000;

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; answer: DataExportStatusResult };

/**
 * "Your data" on the personal page (issue 20, docs/data-export.md "On the personal page"): ask for a copy
 * of everything we hold about you behind security verification of scene 30034, follow its preparation
 * (polled), download it once while it lasts, and see when it expires. Refusals are announced inline
 * (role=alert); progress and outcomes in a role=status line.
 */
export function DataExport() {
  const { t, i18n } = useTranslation();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const titleId = useId();
  const actionRef = useRef<HTMLButtonElement>(null);
  // One key per attempt, kept until the server surely decided (lib/http/idempotency.ts).
  const attemptKey = useRef<string | null>(null);
  const language = i18n.resolvedLanguage ?? i18n.language;

  const refresh = useCallback(async () => {
    try {
      setLoad({ status: 'ready', answer: await getLatestExport() });
    } catch {
      setLoad({ status: 'error' });
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const current = load.status === 'ready' ? load.answer.export : null;
  const preparing = current?.status === 'pending' || current?.status === 'building';
  useEffect(() => {
    if (!preparing) return;
    const timer = setTimeout(() => void refresh(), POLL_MS);
    return () => clearTimeout(timer);
  }, [preparing, load, refresh]);

  const date = (ms: number) =>
    new Intl.DateTimeFormat(formattingLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(ms),
    );
  const megabytes = (bytes: number) =>
    new Intl.NumberFormat(formattingLocale(language), {
      style: 'unit',
      unit: 'megabyte',
      maximumFractionDigits: 1,
    }).format(Math.max(bytes / 1_000_000, 0.1));

  function describe(failure: unknown): string {
    if (isApiError(failure)) return errorText(i18n, failure.ret_code) ?? t('dataExport.errors.generic');
    return t('dataExport.errors.generic');
  }

  async function request() {
    if (busy) return;
    setBusy(true);
    setError(null);
    setStatus('');
    attemptKey.current ??= newIdempotencyKey();
    try {
      await postExportRequest(attemptKey.current);
      attemptKey.current = null;
      setStatus(t('dataExport.requestedStatus'));
      await refresh();
    } catch (failure) {
      if (isStepUpCancelled(failure)) return;
      if (serverDecided(failure)) attemptKey.current = null;
      setError(describe(failure));
      await refresh();
    } finally {
      setBusy(false);
      actionRef.current?.focus();
    }
  }

  async function download(exportId: number) {
    if (busy) return;
    setBusy(true);
    setError(null);
    setStatus('');
    try {
      const link = await postExportLink(exportId);
      saveFile(await fetchExport(link.url));
      setStatus(t('dataExport.downloadedStatus'));
    } catch (failure) {
      if (!isStepUpCancelled(failure)) setError(describe(failure));
    } finally {
      setBusy(false);
      await refresh();
      actionRef.current?.focus();
    }
  }

  return (
    <section className="card data-export" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('dataExport.title')}
      </h2>
      <p className="data-export__muted">{t('dataExport.intro')}</p>
      {load.status === 'loading' ? (
        <p role="status" className="data-export__muted">
          {t('dataExport.loading')}
        </p>
      ) : load.status === 'error' ? (
        <div role="alert" className="data-export__muted">
          <p>{t('dataExport.loadError')}</p>
          <Button variant="secondary" onClick={() => void refresh()}>
            {t('dataExport.retry')}
          </Button>
        </div>
      ) : (
        <Body
          answer={load.answer}
          busy={busy}
          actionRef={actionRef}
          date={date}
          megabytes={megabytes}
          onRequest={() => void request()}
          onDownload={(id) => void download(id)}
        />
      )}
      <p role="alert" className="data-export__error">
        {error ?? ''}
      </p>
      <p role="status" className="data-export__status">
        {status}
      </p>
    </section>
  );
}

interface BodyProps {
  answer: DataExportStatusResult;
  busy: boolean;
  actionRef: React.Ref<HTMLButtonElement>;
  date: (ms: number) => string;
  megabytes: (bytes: number) => string;
  onRequest: () => void;
  onDownload: (exportId: number) => void;
}

/** What the latest copy is, and the one thing the person can do about it now. */
function Body({ answer, busy, actionRef, date, megabytes, onRequest, onDownload }: BodyProps) {
  const { t } = useTranslation();
  const copy = answer.export;
  const now = Date.now();
  const mayRequest = answer.nextRequestAt <= now;

  const requestButton = (
    <div>
      <Button
        ref={actionRef}
        variant="primary"
        size="middle"
        loading={busy}
        disabled={!mayRequest}
        onClick={onRequest}
      >
        {t('dataExport.request')}
      </Button>
    </div>
  );
  const nextRequest = mayRequest ? null : (
    <p className="data-export__muted">{t('dataExport.nextRequest', { date: date(answer.nextRequestAt) })}</p>
  );

  if (!copy) return requestButton;
  switch (copy.status) {
    case 'pending':
    case 'building':
      return (
        <p className="data-export__progress" aria-live="polite">
          <span className="data-export__spinner" aria-hidden="true" />
          {t('dataExport.preparing', { date: date(copy.requestedAt) })}
        </p>
      );
    case 'ready':
      return (
        <>
          <p>
            {t('dataExport.ready', {
              size: megabytes(copy.size ?? 0),
              date: date(copy.expiresAt ?? now),
            })}
          </p>
          <div>
            <Button
              ref={actionRef}
              variant="primary"
              size="middle"
              loading={busy}
              onClick={() => onDownload(copy.id)}
            >
              {t('dataExport.download')}
            </Button>
          </div>
        </>
      );
    case 'downloaded':
      return (
        <>
          <p className="data-export__muted">
            {t('dataExport.downloaded', { date: date(copy.downloadedAt ?? now) })}
          </p>
          {nextRequest}
          {requestButton}
        </>
      );
    case 'expired':
      return (
        <>
          <p className="data-export__muted">
            {t('dataExport.expired', { date: date(copy.expiresAt ?? now) })}
          </p>
          {nextRequest}
          {requestButton}
        </>
      );
    case 'failed':
      return (
        <>
          <p className="data-export__muted">{t('dataExport.failed')}</p>
          {nextRequest}
          {requestButton}
        </>
      );
  }
}
