import { useTranslation } from 'react-i18next';
import { TRANSFER_REFUSED_COUNTRIES } from '@kyc/contracts';
import { countryName, formatDateTime } from '../../../lib/format.ts';
import { Card } from '../../../ui/card.tsx';
import type { TransferAccount, TransferCaseView } from '../api/identity-transfers.ts';

/**
 * A name as the server compares it (domain/identity-transfer): case, accents, spacing, hyphens,
 * apostrophes and dots aside.
 */
export function comparableName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s\-‐'’.]+/g, ' ')
    .trim();
}

function When({ at }: { at: number | null }) {
  const { t, i18n } = useTranslation();
  if (at === null) return <>{t('identityTransfers.case.notYet')}</>;
  return <time dateTime={new Date(at).toISOString()}>{formatDateTime(at, i18n.language)}</time>;
}

/** Stage, level and the dates of the transfer. */
export function SummarySection({ caseView }: { caseView: TransferCaseView }) {
  const { t } = useTranslation();
  const { transfer } = caseView;
  return (
    <Card as="section" aria-labelledby="transfer-summary">
      <h2 id="transfer-summary">{t('identityTransfers.case.summary')}</h2>
      <dl className="ui-facts">
        <div>
          <dt>{t('identityTransfers.case.stage')}</dt>
          <dd>{t(`identityTransfers.stages.${transfer.stage}`)}</dd>
        </div>
        <div>
          <dt>{t('identityTransfers.case.level')}</dt>
          <dd>{transfer.level}</dd>
        </div>
        <div>
          <dt>{t('identityTransfers.case.coolingOff')}</dt>
          <dd>
            <When at={transfer.coolingOffUntil} />
          </dd>
        </div>
        {transfer.rejectReason ? (
          <div>
            <dt>{t('identityTransfers.case.rejectReason')}</dt>
            <dd>{transfer.rejectReason}</dd>
          </div>
        ) : null}
      </dl>
    </Card>
  );
}

function AccountFacts({
  account,
  headingId,
  heading,
}: {
  account: TransferAccount;
  headingId: string;
  heading: string;
}) {
  const { t, i18n } = useTranslation();
  const rows: [string, string][] = [
    [t('identityTransfers.case.email'), account.email],
    [t('identityTransfers.case.name'), `${account.firstName} ${account.lastName}`.trim() || '—'],
    [t('identityTransfers.case.dateOfBirth'), account.dateOfBirth || '—'],
    [
      t('identityTransfers.case.country'),
      account.country ? countryName(account.country, i18n.language) : '—',
    ],
    [
      t('identityTransfers.case.residence'),
      account.residenceCountry ? countryName(account.residenceCountry, i18n.language) : '—',
    ],
    [t('identityTransfers.case.accountLevel'), String(account.level)],
    [
      t('identityTransfers.case.levelStates'),
      account.states
        .map((s) =>
          t('identityTransfers.case.levelState', {
            level: s.level,
            // The level states as the verification case names them (case.statuses, every language).
            status: t(`case.statuses.${s.status}`, { defaultValue: s.status }),
          }),
        )
        .join(', ') || '—',
    ],
  ];
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{heading}</h3>
      <dl className="ui-facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The source and the target side by side (stacked below 768 px). */
export function AccountsSection({ caseView }: { caseView: TransferCaseView }) {
  const { t } = useTranslation();
  return (
    <Card as="section" aria-labelledby="transfer-accounts">
      <h2 id="transfer-accounts">{t('identityTransfers.case.accounts')}</h2>
      <div className="transfer-accounts">
        <AccountFacts
          account={caseView.source}
          headingId="transfer-source"
          heading={t('identityTransfers.case.source')}
        />
        <AccountFacts
          account={caseView.target}
          headingId="transfer-target"
          heading={t('identityTransfers.case.target')}
        />
      </div>
    </Card>
  );
}

/** The rules a reviewer checks by eye: same name, same date of birth, a residence that may transfer. */
export function ChecksSection({ caseView }: { caseView: TransferCaseView }) {
  const { t } = useTranslation();
  const { source, target } = caseView;
  const refused = (TRANSFER_REFUSED_COUNTRIES as readonly string[]).some(
    (c) => c === source.residenceCountry || c === source.country,
  );
  // A new target account has no details of its own: the server matched the ones the person gave at the
  // start against the source (60038 otherwise), so there is nothing to compare here.
  const targetNamed = target.firstName !== '' || target.lastName !== '';
  const checks: { key: string; label: string; pass: boolean | 'atStart' }[] = [
    {
      key: 'name',
      label: t('identityTransfers.case.checks.name'),
      pass: !targetNamed
        ? 'atStart'
        : comparableName(source.firstName) === comparableName(target.firstName) &&
          comparableName(source.lastName) === comparableName(target.lastName),
    },
    {
      key: 'dateOfBirth',
      label: t('identityTransfers.case.checks.dateOfBirth'),
      pass: target.dateOfBirth === '' ? 'atStart' : source.dateOfBirth === target.dateOfBirth,
    },
    { key: 'residence', label: t('identityTransfers.case.checks.residence'), pass: !refused },
  ];
  return (
    <Card as="section" aria-labelledby="transfer-checks">
      <h2 id="transfer-checks">{t('identityTransfers.case.checks.heading')}</h2>
      <p>{t('identityTransfers.case.checks.intro')}</p>
      <ul className="transfer-checks">
        {checks.map((check) => (
          <li key={check.key}>
            {check.label}:{' '}
            <span className={check.pass ? undefined : 'transfer-check--fail'}>
              {check.pass === 'atStart'
                ? t('identityTransfers.case.checks.matchedAtStart')
                : check.pass
                  ? t('identityTransfers.case.checks.pass')
                  : t('identityTransfers.case.checks.fail')}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** What happened so far, in order: both consents, the approvals, the rejection or the completion. */
export function HistorySection({ caseView, me }: { caseView: TransferCaseView; me: number }) {
  const { t } = useTranslation();
  const { transfer } = caseView;
  // Named as the verification case's history names staff (display name, else email; else the number).
  const staffName = (id: number, name: string | null) => {
    if (id === me)
      return name
        ? t('identityTransfers.case.history.youNamed', { name })
        : t('identityTransfers.case.history.you', { id });
    return name ?? t('identityTransfers.case.history.staff', { id });
  };
  const entries: { key: string; text: string; at: number | null }[] = [
    { key: 'requested', text: t('identityTransfers.case.history.requested'), at: transfer.targetConsentAt },
  ];
  if (transfer.sourceConsentAt !== null)
    entries.push({
      key: 'confirmed',
      text: t('identityTransfers.case.history.confirmed'),
      at: transfer.sourceConsentAt,
    });
  if (transfer.firstApprovedBy !== null) {
    const name = staffName(transfer.firstApprovedBy, transfer.firstApprovedByName);
    // "First approval" only where a second one is asked for; otherwise the one approval decided it.
    const twoApprovals = transfer.needsSecondApproval || transfer.secondApprovedBy !== null;
    entries.push({
      key: 'first',
      text: twoApprovals
        ? t('identityTransfers.case.history.approvedBy', { name })
        : t('identityTransfers.case.history.onlyApprovalBy', { name }),
      at: transfer.firstApprovedAt,
    });
  }
  if (transfer.secondApprovedBy !== null)
    entries.push({
      key: 'second',
      text: t('identityTransfers.case.history.secondApprovedBy', {
        name: staffName(transfer.secondApprovedBy, transfer.secondApprovedByName),
      }),
      at: transfer.secondApprovedAt,
    });
  if (transfer.stage === 'rejected')
    entries.push({
      key: 'rejected',
      text:
        transfer.decidedBy !== null
          ? t('identityTransfers.case.history.rejectedBy', {
              name: staffName(transfer.decidedBy, transfer.decidedByName),
            })
          : t('identityTransfers.case.history.rejected'),
      at: transfer.decidedAt,
    });
  if (transfer.stage === 'cancelled')
    entries.push({ key: 'cancelled', text: t('identityTransfers.case.history.cancelled'), at: null });
  if (transfer.completedAt !== null)
    entries.push({
      key: 'completed',
      text: t('identityTransfers.case.history.completed'),
      at: transfer.completedAt,
    });
  return (
    <Card as="section" aria-labelledby="transfer-history">
      <h2 id="transfer-history">{t('identityTransfers.case.history.heading')}</h2>
      <ol className="transfer-history">
        {entries.map((entry) => (
          <li key={entry.key}>
            {entry.text}
            {entry.at !== null ? (
              <>
                {' · '}
                <When at={entry.at} />
              </>
            ) : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}
