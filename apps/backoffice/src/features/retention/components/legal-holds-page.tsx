import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { can } from '../../../lib/permissions.ts';
import { paths } from '../../../lib/paths.ts';
import { useStaff } from '../../../lib/staff-session.tsx';
import { useCursorListPage } from '../../../lib/use-cursor-list-page.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { ListPage } from '../../../ui/list-page.tsx';
import { fetchHolds, holdsSearch, readHoldsQuery, type LegalHold } from '../api/holds.ts';
import { HoldsFiltersForm } from './holds-filters-form.tsx';
import { LiftHoldDialog } from './lift-hold-dialog.tsx';
import { PlaceHoldDialog } from './place-hold-dialog.tsx';
import './retention.css';

type Outcome =
  { tone: 'placed'; userId: number } | { tone: 'lifted'; userId: number } | { tone: 'gone' } | null;

function HoldsTable({ items, onLift }: { items: LegalHold[]; onLift: ((hold: LegalHold) => void) | null }) {
  const { t, i18n } = useTranslation();
  const columns: DataColumn<LegalHold>[] = [
    {
      label: t('retention.holds.columns.person'),
      // One element per cell: on phones the cell is a grid of its label and one value.
      cell: (h) => (
        <div>
          <Link to={paths.reviewCase.getHref(h.userId)}>
            {t('retention.common.person', { id: h.userId })}
          </Link>
          {h.caseRef ? (
            <span className="retention-muted" dir="ltr">
              {h.caseRef}
            </span>
          ) : null}
        </div>
      ),
    },
    { label: t('retention.holds.columns.reason'), cell: (h) => t(`retention.holds.reasons.${h.reason}`) },
    {
      label: t('retention.holds.columns.note'),
      cell: (h) => (
        <span className="ui-message" dir="auto">
          {h.note}
        </span>
      ),
    },
    {
      label: t('retention.holds.columns.review'),
      cell: (h) => (
        <div>
          <time
            dateTime={new Date(h.reviewAt).toISOString()}
            className={h.reviewOverdue ? 'retention-overdue' : undefined}
          >
            {formatDate(h.reviewAt, i18n.language)}
          </time>
          {h.reviewOverdue ? <Badge>{t('retention.holds.overdue')}</Badge> : null}
        </div>
      ),
    },
    {
      label: t('retention.holds.columns.placed'),
      cell: (h) =>
        t('retention.holds.placedBy', { at: formatDateTime(h.createdAt, i18n.language), id: h.createdBy }),
    },
    {
      label: t('retention.holds.columns.state'),
      cell: (h) =>
        h.liftedAt === null ? (
          <div>
            {t('retention.holds.states.active')}{' '}
            {onLift ? (
              <Button variant="ghost" onClick={() => onLift(h)}>
                {t('retention.holds.liftButton', { id: h.userId })}
              </Button>
            ) : null}
          </div>
        ) : (
          <div>
            {t('retention.holds.liftedBy', {
              at: formatDateTime(h.liftedAt, i18n.language),
              id: h.liftedBy ?? 0,
            })}
            {h.liftReason ? (
              <span className="retention-muted" dir="auto">
                {h.liftReason}
              </span>
            ) : null}
          </div>
        ),
    },
  ];
  return (
    <DataTable
      caption={t('retention.holds.tableCaption')}
      columns={columns}
      items={items}
      rowKey={(h) => h.id}
    />
  );
}

/**
 * Legal holds (issue 20; read: senior reviewers, admins, auditors; place and lift: senior reviewers and
 * admins): newest first by cursor, active by default; an active hold past its review date is marked
 * overdue. Nothing of a held person is erased until the hold is lifted.
 */
export function LegalHoldsPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const manage = can(staff.role, 'manage_legal_holds');
  const [placing, setPlacing] = useState(false);
  const [lifting, setLifting] = useState<LegalHold | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const list = useCursorListPage({
    href: paths.legalHolds.getHref(),
    read: readHoldsQuery,
    search: holdsSearch,
    fetch: fetchHolds,
  });
  const changed = (next: Outcome) => {
    setOutcome(next);
    list.reload();
  };
  return (
    <>
      <ListPage
        title={t('areas.legalHolds.title')}
        intro={t('retention.holds.intro')}
        notice={
          <>
            {outcome?.tone === 'placed' ? (
              <Alert>{t('retention.holds.placed', { id: outcome.userId })}</Alert>
            ) : null}
            {outcome?.tone === 'lifted' ? (
              <Alert>{t('retention.holds.lifted', { id: outcome.userId })}</Alert>
            ) : null}
            {outcome?.tone === 'gone' ? (
              <Alert tone="error">{t('apiErrors.legalHoldAlreadyLifted')}</Alert>
            ) : null}
            {manage ? (
              <div className="retention-actions">
                <Button onClick={() => setPlacing(true)}>{t('retention.holds.place')}</Button>
              </div>
            ) : null}
          </>
        }
        filtersLabel={t('retention.holds.filters.label')}
        FilterForm={HoldsFiltersForm}
        list={list}
        empty={t('retention.holds.empty')}
        emptyFiltered={t('retention.holds.emptyFiltered')}
        total={(count) => t('retention.holds.total', { count })}
      >
        {(items) => <HoldsTable items={items} onLift={manage ? setLifting : null} />}
      </ListPage>
      {placing ? (
        <PlaceHoldDialog
          onClose={() => setPlacing(false)}
          onPlaced={(hold) => {
            setPlacing(false);
            changed({ tone: 'placed', userId: hold.userId });
          }}
        />
      ) : null}
      {lifting ? (
        <LiftHoldDialog
          hold={lifting}
          onClose={() => setLifting(null)}
          onGone={() => {
            setLifting(null);
            changed({ tone: 'gone' });
          }}
          onLifted={(hold) => {
            setLifting(null);
            changed({ tone: 'lifted', userId: hold.userId });
          }}
        />
      ) : null}
    </>
  );
}
