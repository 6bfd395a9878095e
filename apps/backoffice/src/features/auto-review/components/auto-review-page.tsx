import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KYC_REJECT_REASON_CODES, type KycRejectReasonCode } from '@kyc/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { can } from '../../../lib/permissions.ts';
import { paths } from '../../../lib/paths.ts';
import { useStaff } from '../../../lib/staff-session.tsx';
import { useCursorListPage } from '../../../lib/use-cursor-list-page.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { ListPage } from '../../../ui/list-page.tsx';
import {
  actOnAutoReview,
  autoReviewSearch,
  fetchAutoReviews,
  readAutoReviewQuery,
  type AutoReviewItem,
} from '../api/auto-review.ts';
import { AutoDecisionEvidenceView } from '../../../ui/auto-decision-evidence.tsx';
import { AutoReviewFiltersForm } from './auto-review-filters-form.tsx';
import { ProposeReversalDialog } from './propose-reversal-dialog.tsx';
import './auto-review.css';

const isReason = (code: string): code is KycRejectReasonCode =>
  (KYC_REJECT_REASON_CODES as readonly string[]).includes(code);

type Act = (item: AutoReviewItem, action: 'reviewed' | 'confirm_reversal' | 'withdraw_reversal') => void;

/** Where an item stands, who moved it, and what the signed-in member may do next. */
function StateCell({
  item,
  act,
  propose,
}: {
  item: AutoReviewItem;
  act: Act | null;
  propose: ((item: AutoReviewItem) => void) | null;
}) {
  const { t, i18n } = useTranslation();
  const staff = useStaff();
  const mayConfirm = can(staff.role, 'confirm_final') && item.reviewedBy !== staff.id;
  const by = (name: string | null, id: number | null, at: number | null) =>
    t('autoReview.by', {
      name: name ?? t('case.history.staff', { id: id ?? 0 }),
      at: at === null ? '' : formatDateTime(at, i18n.language),
    });
  return (
    <div className="auto-review__state">
      <strong>{t(`autoReview.states.${item.state}`)}</strong>
      {item.state !== 'waiting' ? (
        <span>{by(item.reviewedByName, item.reviewedBy, item.reviewedAt)}</span>
      ) : null}
      {item.reversalReasonCode ? (
        <span>
          {isReason(item.reversalReasonCode)
            ? t(`decisions.reasons.${item.reversalReasonCode}`)
            : item.reversalReasonCode}
        </span>
      ) : null}
      {item.state === 'reversed' ? (
        <span>
          {t('autoReview.confirmedBy', {
            name: item.reversedByName ?? t('case.history.staff', { id: item.reversedBy ?? 0 }),
          })}
        </span>
      ) : null}
      <div className="auto-review__actions">
        {item.state === 'waiting' && act ? (
          <Button variant="secondary" onClick={() => act(item, 'reviewed')}>
            {t('autoReview.actions.reviewed')}
          </Button>
        ) : null}
        {item.state === 'waiting' && propose ? (
          <Button variant="ghost" onClick={() => propose(item)}>
            {t('autoReview.actions.proposeReversal')}
          </Button>
        ) : null}
        {item.state === 'reversal_proposed' && act && mayConfirm ? (
          <Button onClick={() => act(item, 'confirm_reversal')}>
            {t('autoReview.actions.confirmReversal')}
          </Button>
        ) : null}
        {item.state === 'reversal_proposed' && act ? (
          <Button variant="ghost" onClick={() => act(item, 'withdraw_reversal')}>
            {t('autoReview.actions.withdraw')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function AutoReviewTable({
  items,
  act,
  propose,
}: {
  items: AutoReviewItem[];
  act: Act | null;
  propose: ((item: AutoReviewItem) => void) | null;
}) {
  const { t, i18n } = useTranslation();
  const columns: DataColumn<AutoReviewItem>[] = [
    {
      label: t('autoReview.columns.person'),
      // One element per cell: on phones the cell is a grid of its label and one value.
      cell: (item) => (
        <div>
          <Link to={paths.reviewCase.getHref(item.userId)}>
            {t('autoReview.person', { id: item.userId })}
          </Link>
          <time dateTime={new Date(item.decidedAt).toISOString()} className="auto-review__muted">
            {formatDateTime(item.decidedAt, i18n.language)}
          </time>
        </div>
      ),
    },
    {
      label: t('autoReview.columns.evidence'),
      cell: (item) => <AutoDecisionEvidenceView evidence={item.evidence} />,
    },
    {
      label: t('autoReview.columns.state'),
      cell: (item) => <StateCell item={item} act={act} propose={propose} />,
    },
  ];
  return (
    <DataTable
      caption={t('autoReview.tableCaption')}
      columns={columns}
      items={items}
      rowKey={(item) => item.id}
    />
  );
}

/**
 * The quality-review queue (issue 19, D103; reviewers, senior reviewers, admins): the automatic approvals
 * sampled for a second look, oldest first by cursor, waiting by default. A reviewer marks one reviewed or
 * proposes its reversal; a senior reviewer other than the proposer confirms the reversal (four eyes).
 */
export function AutoReviewPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const decide = can(staff.role, 'decide');
  const [proposing, setProposing] = useState<AutoReviewItem | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'done' | 'error'; text: string } | null>(null);
  const list = useCursorListPage({
    href: paths.autoReview.getHref(),
    read: readAutoReviewQuery,
    search: autoReviewSearch,
    fetch: fetchAutoReviews,
  });
  const act: Act = (item, action) => {
    setOutcome(null);
    actOnAutoReview(item.id, { action })
      .then(() => setOutcome({ tone: 'done', text: t(`autoReview.done.${action}`, { id: item.userId }) }))
      .catch((caught: unknown) => setOutcome({ tone: 'error', text: t(errorMessageKey(caught)) }))
      .finally(() => list.reload());
  };
  return (
    <>
      <ListPage
        title={t('areas.autoReview.title')}
        intro={t('autoReview.intro')}
        notice={
          outcome ? <Alert tone={outcome.tone === 'error' ? 'error' : 'info'}>{outcome.text}</Alert> : null
        }
        filtersLabel={t('autoReview.filters.label')}
        FilterForm={AutoReviewFiltersForm}
        list={list}
        empty={t('autoReview.empty')}
        emptyFiltered={t('autoReview.emptyFiltered')}
        total={(count) => t('autoReview.total', { count })}
      >
        {(items) => (
          <AutoReviewTable items={items} act={decide ? act : null} propose={decide ? setProposing : null} />
        )}
      </ListPage>
      {proposing ? (
        <ProposeReversalDialog
          item={proposing}
          onClose={() => setProposing(null)}
          onDone={() => {
            setOutcome({
              tone: 'done',
              text: t('autoReview.done.propose_reversal', { id: proposing.userId }),
            });
            setProposing(null);
            list.reload();
          }}
        />
      ) : null}
    </>
  );
}
