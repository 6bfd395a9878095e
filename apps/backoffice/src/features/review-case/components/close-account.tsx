import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CLOSE_REASON_MAX,
  CLOSE_REASON_MIN,
  RET_CODES,
  type AccountClosureView,
  type RetainedRecord,
} from '@kyc/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { can } from '../../../lib/permissions.ts';
import { useStaff } from '../../../lib/staff-session.tsx';
import { Alert } from '../../../ui/alert.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { closeAccount, fetchAccountClosure } from '../api/account-closure.ts';
import { ReasonDialog } from './reason-dialog.tsx';

type Outcome = { tone: 'info' | 'error'; message: string } | null;

/** The codes this section explains itself; anything else through the shared mapping. */
function refusal(error: unknown): 'closeAccount.alreadyClosed' | 'closeAccount.personUnknown' | null {
  if (!isApiError(error)) return null;
  if (error.ret_code === RET_CODES.ACCOUNT_ALREADY_CLOSED.code) return 'closeAccount.alreadyClosed';
  if (error.ret_code === RET_CODES.ACCOUNT_CLOSURE_PERSON_UNKNOWN.code) return 'closeAccount.personUnknown';
  return null;
}

function RemainsList({ records }: { records: readonly RetainedRecord[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="case-closure__remains">
      {records.map((r) => (
        <li key={r.kind}>
          {t('closeAccount.remainsItem', {
            kind: t(`closeAccount.kinds.${r.kind}`),
            date: formatDate(r.until, i18n.language),
          })}{' '}
          <span className="case-closure__source" lang="en" dir="ltr">
            ({r.legalSource})
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The account's closure on the case page (issue 20, docs/data-lifecycle.md "Closing an account"): who
 * closed it, when and why, the person's erasure requests with the answers given (and whether a legal
 * hold kept everything), what remains and until when; and, for staff with `close_accounts`, "Close
 * account" with a reason asked in a dialog (audited by the server).
 */
export function AccountClosureSection({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const staff = useStaff();
  const [view, setView] = useState<AccountClosureView | undefined>(undefined);
  const [loadFailed, setLoadFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    try {
      setView(await fetchAccountClosure(userId));
      setLoadFailed(false);
    } catch {
      setLoadFailed(true);
    }
  }, [userId]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  async function submit() {
    if (busy) return;
    const value = reason.trim();
    if (value.length < CLOSE_REASON_MIN) {
      setReasonError(t('closeAccount.reasonRequired'));
      return;
    }
    setBusy(true);
    try {
      await closeAccount(userId, value);
      setOpen(false);
      setReason('');
      setReasonError(undefined);
      setOutcome({ tone: 'info', message: t('closeAccount.closedNow') });
    } catch (failure) {
      setOpen(false);
      setOutcome({ tone: 'error', message: t(refusal(failure) ?? errorMessageKey(failure)) });
    } finally {
      setBusy(false);
      await load();
    }
  }

  const closure = view?.closure;
  const when = (ms: number) => formatDateTime(ms, i18n.language);
  return (
    <Card as="section" aria-labelledby="case-closure-heading">
      <h2 id="case-closure-heading">{t('closeAccount.heading')}</h2>
      <div ref={outcomeRef} tabIndex={-1}>
        {outcome ? <Alert tone={outcome.tone}>{outcome.message}</Alert> : null}
      </div>
      {loadFailed ? (
        <div>
          <p>{t('closeAccount.loadError')}</p>
          <Button variant="secondary" onClick={() => void load()}>
            {t('closeAccount.retry')}
          </Button>
        </div>
      ) : view === undefined ? null : closure ? (
        <div className="case-closure">
          <p>
            <Badge>{t('closeAccount.closedBadge')}</Badge>{' '}
            {closure.closedBy === 'self'
              ? t('closeAccount.closedBySelf', { date: when(closure.closedAt) })
              : t('closeAccount.closedByStaff', {
                  date: when(closure.closedAt),
                  name: closure.staff?.name ?? '',
                })}
          </p>
          {closure.reason ? <p>{t('closeAccount.reasonShown', { reason: closure.reason })}</p> : null}
          {closure.erasedAt !== null ? (
            <p>{t('closeAccount.erased', { date: when(closure.erasedAt) })}</p>
          ) : null}
          <h3>{t('closeAccount.remainsHeading')}</h3>
          <RemainsList records={view.remains} />
        </div>
      ) : (
        <p>{t('closeAccount.open')}</p>
      )}
      {view && view.erasureRequests.length > 0 ? (
        <div className="case-closure__requests">
          <h3>{t('closeAccount.requestsHeading')}</h3>
          {view.erasureRequests.map((request) => (
            <div key={request.id} className="case-closure__request">
              <p>
                {t('closeAccount.requestedAt', { date: when(request.requestedAt) })}{' '}
                {request.held ? <Badge>{t('closeAccount.heldBadge')}</Badge> : null}
              </p>
              <p>
                {request.granted.filter((g) => g.count > 0).length > 0
                  ? t('closeAccount.granted', {
                      list: request.granted
                        .filter((g) => g.count > 0)
                        .map((g) => `${t(`closeAccount.kinds.${g.kind}`)} (${g.count})`)
                        .join(', '),
                    })
                  : t('closeAccount.grantedNone')}
              </p>
              <p>{t('closeAccount.keptHeading')}</p>
              <RemainsList records={request.kept} />
            </div>
          ))}
        </div>
      ) : null}
      {view && !closure && can(staff.role, 'close_accounts') ? (
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              setOutcome(null);
              setOpen(true);
            }}
          >
            {t('closeAccount.action')}
          </Button>
        </div>
      ) : null}
      {open ? (
        <ReasonDialog
          title={t('closeAccount.dialogTitle')}
          intro={t('closeAccount.dialogIntro')}
          label={t('closeAccount.reason')}
          hint={t('closeAccount.reasonHint')}
          reason={reason}
          onReasonChange={setReason}
          maxLength={CLOSE_REASON_MAX}
          error={reasonError}
          submitLabel={t('closeAccount.submit')}
          cancelLabel={t('closeAccount.cancel')}
          busy={busy}
          onSubmit={() => void submit()}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </Card>
  );
}
