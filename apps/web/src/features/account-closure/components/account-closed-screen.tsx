import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formattingLocale,
  type AccountClosureResult,
  type ErasedRecord,
  type RetainedRecord,
} from '@kyc/contracts';
import './account-closure.css';

/**
 * Each kind's name by a literal key, so that the en.json check (en-keys.test.ts) sees every key used:
 * the retention kinds, and the two an erasure request also removes.
 */
const KIND_TEXT = {
  identity_documents: 'accountClosure.kinds.identity_documents',
  personal_data: 'accountClosure.kinds.personal_data',
  questionnaire_answers: 'accountClosure.kinds.questionnaire_answers',
  decisions_audit: 'accountClosure.kinds.decisions_audit',
  screening_results: 'accountClosure.kinds.screening_results',
  vendor_events: 'accountClosure.kinds.vendor_events',
  partner_webhook_deliveries: 'accountClosure.kinds.partner_webhook_deliveries',
  sessions_security_log: 'accountClosure.kinds.sessions_security_log',
  unsubmitted_uploads: 'accountClosure.kinds.unsubmitted_uploads',
  drafts: 'accountClosure.kinds.drafts',
  authenticator: 'accountClosure.kinds.authenticator',
  notices: 'accountClosure.kinds.notices',
} as const satisfies Record<ErasedRecord['kind'], string>;

/** Records that go on the same day for the same reason, shown together. */
function groupsOf(records: readonly RetainedRecord[]) {
  const groups = new Map<string, { until: number; legalSource: string; kinds: RetainedRecord['kind'][] }>();
  for (const record of records) {
    const key = `${record.until}\n${record.legalSource}`;
    const group = groups.get(key) ?? { until: record.until, legalSource: record.legalSource, kinds: [] };
    group.kinds.push(record.kind);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.until - a.until);
}

/**
 * The final screen after closing (issue 20): the account is closed and every session ended; what was
 * erased at once (an erasure request), and what is kept, until when and why, under the policy in force.
 * The legal sources are the policies' own text (English citations), marked as such for screen readers.
 */
export function AccountClosedScreen({ result }: { result: AccountClosureResult }) {
  const { t, i18n } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const language = i18n.resolvedLanguage ?? i18n.language;
  // One digit system per page (D34): the formatting locale, as every other date of the app.
  const date = new Intl.DateTimeFormat(formattingLocale(language), { dateStyle: 'long' });
  const granted = result.erasure?.granted.filter((g) => g.count > 0) ?? [];
  return (
    <section className="card account-closure account-closed" aria-labelledby="account-closed-title">
      <h1 id="account-closed-title" ref={headingRef} tabIndex={-1} className="account-closed__title">
        {t('accountClosure.closed.title')}
      </h1>
      <p>{t('accountClosure.closed.signedOut', { date: date.format(result.closedAt) })}</p>
      {result.erasure ? (
        <>
          <h2 className="account-closed__subtitle">{t('accountClosure.closed.erasedTitle')}</h2>
          {granted.length > 0 ? (
            <ul className="account-closed__list">
              {granted.map((g) => (
                <li key={g.kind}>{t(KIND_TEXT[g.kind])}</li>
              ))}
            </ul>
          ) : (
            <p className="account-closure__muted">{t('accountClosure.closed.nothingErased')}</p>
          )}
        </>
      ) : null}
      <h2 className="account-closed__subtitle">{t('accountClosure.closed.keptTitle')}</h2>
      <p className="account-closure__muted">{t('accountClosure.closed.keptIntro')}</p>
      <ul className="account-closed__groups">
        {groupsOf(result.remains).map((group) => (
          <li key={`${group.until}-${group.legalSource}`} className="account-closed__group">
            <p className="account-closed__until">
              {t('accountClosure.closed.until', { date: date.format(group.until) })}
            </p>
            <ul className="account-closed__list">
              {group.kinds.map((kind) => (
                <li key={kind}>{t(KIND_TEXT[kind])}</li>
              ))}
            </ul>
            <p className="account-closed__source">
              {t('accountClosure.closed.source')}{' '}
              <span lang="en" dir="ltr">
                {group.legalSource}
              </span>
            </p>
          </li>
        ))}
      </ul>
      <p>
        <a className="account-closed__link" href="/login">
          {t('accountClosure.closed.toSignIn')}
        </a>
      </p>
    </section>
  );
}
