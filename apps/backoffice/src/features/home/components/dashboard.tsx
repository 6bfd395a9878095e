import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BACKLOG_AGE_BANDS, formattingLocale, type WorkKind } from '@kyc/contracts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { formatCalendarDate, utcDay, DAY_MS } from '../../../lib/format.ts';
import { can } from '../../../lib/permissions.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { useStaff } from '../../../lib/staff-session.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { DataTable } from '../../../ui/data-table.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import {
  fetchDashboard,
  figureCsvHref,
  readPeriod,
  type DashboardFigure,
  type DashboardFigures,
} from '../api/dashboard.ts';
import type { ChartSeries } from './dashboard-charts.tsx';
import './dashboard.css';

const FigureBarChart = lazy(async () => ({
  default: (await import('./dashboard-charts.tsx')).FigureBarChart,
}));

const COLORS = {
  approved: '#1a7f37',
  rejected: '#b42318',
  bands: ['#6baed6', '#3182bd', '#08519c', '#08306b'],
  late: '#b42318',
  overdue: '#9a6700',
};

type Period = DashboardFigures['period'];

/** A figure: its heading, its chart and table, and its CSV. */
function Figure(props: { id: DashboardFigure; title: string; period: Period; children: ReactNode }) {
  const { t } = useTranslation();
  const headingId = `dashboard-${props.id}`;
  return (
    <Card as="section" className="dashboard__figure" aria-labelledby={headingId}>
      <div className="dashboard__figure-head">
        <h3 id={headingId}>{props.title}</h3>
        <a className="dashboard__csv" href={figureCsvHref(props.id, props.period)} download>
          {t('dashboard.downloadCsv')}
          <span className="visually-hidden">: {props.title}</span>
        </a>
      </div>
      {props.children}
    </Card>
  );
}

function Chart(props: {
  title: string;
  rows: readonly Record<string, string | number>[];
  category: string;
  series: readonly ChartSeries[];
  stacked?: boolean;
  horizontal?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  return (
    <Suspense fallback={<Spinner />}>
      <FigureBarChart label={t('dashboard.chartLabel', { title: props.title })} rtl={rtl} {...props} />
    </Suspense>
  );
}

/** The period selector: two UTC days, or a preset ending today. */
function PeriodForm({ period }: { period: Period }) {
  const { t } = useTranslation();
  const [, setSearchParams] = useSearchParams();
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const show = (next: { from: string; to: string }) => setSearchParams(next);
  const preset = (days: number) => {
    const today = utcDay(Date.now());
    const start = utcDay(Date.now() - (days - 1) * DAY_MS);
    setFrom(start);
    setTo(today);
    show({ from: start, to: today });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    show({ from, to });
  };
  return (
    <form className="dashboard__period" onSubmit={submit} aria-label={t('dashboard.period.legend')}>
      <TextField
        label={t('dashboard.period.from')}
        type="date"
        value={from}
        required
        onChange={(e) => setFrom(e.target.value)}
      />
      <TextField
        label={t('dashboard.period.to')}
        type="date"
        value={to}
        required
        onChange={(e) => setTo(e.target.value)}
      />
      <Button type="submit">{t('dashboard.period.show')}</Button>
      <div className="dashboard__presets" role="group" aria-label={t('dashboard.period.presets')}>
        <Button type="button" variant="secondary" onClick={() => preset(7)}>
          {t('dashboard.period.last7')}
        </Button>
        <Button type="button" variant="secondary" onClick={() => preset(30)}>
          {t('dashboard.period.last30')}
        </Button>
        <Button type="button" variant="secondary" onClick={() => preset(90)}>
          {t('dashboard.period.last90')}
        </Button>
      </div>
    </form>
  );
}

function useKindLabel() {
  const { t } = useTranslation();
  return (kind: WorkKind): string => {
    switch (kind) {
      case 'level_1':
        return t('dashboard.kinds.level_1');
      case 'level_2':
        return t('dashboard.kinds.level_2');
      case 'reverification':
        return t('dashboard.kinds.reverification');
      case 'update':
        return t('dashboard.kinds.update');
      case 'questionnaire':
        return t('dashboard.kinds.questionnaire');
      case 'screening_alert':
        return t('dashboard.kinds.screening_alert');
    }
  };
}

function Figures({ f }: { f: DashboardFigures }) {
  const { t, i18n } = useTranslation();
  const staff = useStaff();
  const locale = formattingLocale(i18n.language);
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);
  const percent = (n: number | null) =>
    n === null
      ? t('dashboard.none')
      : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(n);
  const hours = (ms: number | null) =>
    ms === null
      ? t('dashboard.none')
      : new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', maximumFractionDigits: 1 }).format(
          ms / 3_600_000,
        );
  const day = (d: string) => formatCalendarDate(d, i18n.language);
  const kindLabel = useKindLabel();
  const bandLabel = {
    under_1d: t('dashboard.backlog.under_1d'),
    from_1d_to_3d: t('dashboard.backlog.from_1d_to_3d'),
    from_3d_to_7d: t('dashboard.backlog.from_3d_to_7d'),
    over_7d: t('dashboard.backlog.over_7d'),
  };
  const approved = t('dashboard.decisions.approved');
  const rejected = t('dashboard.decisions.rejected');
  const decisionSeries = [
    { key: 'approved', label: approved, color: COLORS.approved },
    { key: 'rejected', label: rejected, color: COLORS.rejected },
  ];
  const member = (r: { staffId: number; name: string | null }) =>
    r.name ?? t('dashboard.throughput.memberFallback', { id: r.staffId });

  return (
    <div className="dashboard__figures">
      <Figure id="backlog" title={t('dashboard.backlog.title')} period={f.period}>
        <Chart
          title={t('dashboard.backlog.title')}
          rows={f.backlog.map((b) => ({ kind: kindLabel(b.kind), ...b.bands }))}
          category="kind"
          stacked
          horizontal
          series={BACKLOG_AGE_BANDS.map((band, i) => ({
            key: band,
            label: bandLabel[band],
            color: COLORS.bands[i] ?? '#000',
          }))}
        />
        <DataTable
          caption={t('dashboard.backlog.title')}
          items={f.backlog}
          rowKey={(b) => b.kind}
          columns={[
            { label: t('dashboard.kind'), cell: (b) => kindLabel(b.kind) },
            ...BACKLOG_AGE_BANDS.map((band) => ({
              label: bandLabel[band],
              cell: (b: (typeof f.backlog)[number]) => number(b.bands[band]),
            })),
            { label: t('dashboard.backlog.total'), cell: (b) => number(b.total) },
            { label: t('dashboard.backlog.overdue'), cell: (b) => number(b.overdue) },
          ]}
        />
      </Figure>

      <Figure id="decisions_per_day" title={t('dashboard.decisions.title')} period={f.period}>
        <Chart
          title={t('dashboard.decisions.title')}
          rows={f.decisionsPerDay.map((d) => ({ ...d, day: d.day.slice(5) }))}
          category="day"
          stacked
          series={decisionSeries}
        />
        {/* A row per day: the table scrolls within its own region (focusable, so the keyboard scrolls it). */}
        <div
          className="dashboard__scroll"
          role="region"
          aria-label={t('dashboard.decisions.tableLabel')}
          tabIndex={0}
        >
          <DataTable
            caption={t('dashboard.decisions.title')}
            items={f.decisionsPerDay}
            rowKey={(d) => d.day}
            columns={[
              { label: t('dashboard.decisions.day'), cell: (d) => day(d.day) },
              { label: approved, cell: (d) => number(d.approved) },
              { label: rejected, cell: (d) => number(d.rejected) },
            ]}
          />
        </div>
      </Figure>

      <Figure id="outcomes" title={t('dashboard.outcomes.title')} period={f.period}>
        <dl className="dashboard__stats">
          <div>
            <dt>{t('dashboard.outcomes.decided')}</dt>
            <dd>{number(f.outcomes.decided)}</dd>
          </div>
          <div>
            <dt>{t('dashboard.outcomes.approvalRate')}</dt>
            <dd>{percent(f.outcomes.approvalRate)}</dd>
          </div>
          <div>
            <dt>{t('dashboard.outcomes.rejectionRate')}</dt>
            <dd>{percent(f.outcomes.rejectionRate)}</dd>
          </div>
        </dl>
      </Figure>

      <Figure id="reject_reasons" title={t('dashboard.reasons.title')} period={f.period}>
        {f.rejectReasons.length === 0 ? (
          <p>{t('dashboard.reasons.none')}</p>
        ) : (
          <>
            <Chart
              title={t('dashboard.reasons.title')}
              rows={f.rejectReasons.map((r) => ({ reason: r.reasonCode, count: r.count }))}
              category="reason"
              horizontal
              series={[{ key: 'count', label: t('dashboard.reasons.count'), color: COLORS.rejected }]}
            />
            <DataTable
              caption={t('dashboard.reasons.title')}
              items={f.rejectReasons}
              rowKey={(r) => r.reasonCode}
              columns={[
                { label: t('dashboard.reasons.reason'), cell: (r) => <code>{r.reasonCode}</code> },
                { label: t('dashboard.reasons.count'), cell: (r) => number(r.count) },
                { label: t('dashboard.reasons.share'), cell: (r) => percent(r.share) },
              ]}
            />
          </>
        )}
      </Figure>

      <Figure id="time_to_decision" title={t('dashboard.time.title')} period={f.period}>
        <dl className="dashboard__stats">
          <div>
            <dt>{t('dashboard.time.median')}</dt>
            <dd>{hours(f.timeToDecision.medianMs)}</dd>
          </div>
          <div>
            <dt>{t('dashboard.time.p90')}</dt>
            <dd>{hours(f.timeToDecision.p90Ms)}</dd>
          </div>
          <div>
            <dt>{t('dashboard.outcomes.decided')}</dt>
            <dd>{number(f.timeToDecision.decided)}</dd>
          </div>
        </dl>
      </Figure>

      <Figure id="breaches" title={t('dashboard.breaches.title')} period={f.period}>
        <Chart
          title={t('dashboard.breaches.title')}
          rows={f.breaches.map((b) => ({
            kind: kindLabel(b.kind),
            late: b.decidedLate,
            overdue: b.overdueNow,
          }))}
          category="kind"
          horizontal
          series={[
            { key: 'late', label: t('dashboard.breaches.late'), color: COLORS.late },
            { key: 'overdue', label: t('dashboard.breaches.overdueNow'), color: COLORS.overdue },
          ]}
        />
        <DataTable
          caption={t('dashboard.breaches.title')}
          items={f.breaches}
          rowKey={(b) => b.kind}
          columns={[
            { label: t('dashboard.kind'), cell: (b) => kindLabel(b.kind) },
            { label: t('dashboard.breaches.hours'), cell: (b) => hours(b.hours * 3_600_000) },
            { label: t('dashboard.breaches.inTime'), cell: (b) => number(b.decidedInTime) },
            { label: t('dashboard.breaches.late'), cell: (b) => number(b.decidedLate) },
            { label: t('dashboard.breaches.overdueNow'), cell: (b) => number(b.overdueNow) },
          ]}
        />
      </Figure>

      {f.reviewerThroughput && can(staff.role, 'read_team_figures') ? (
        <Figure id="reviewer_throughput" title={t('dashboard.throughput.title')} period={f.period}>
          {f.reviewerThroughput.length === 0 ? (
            <p>{t('dashboard.throughput.none')}</p>
          ) : (
            <>
              <Chart
                title={t('dashboard.throughput.title')}
                rows={f.reviewerThroughput.map((r) => ({
                  member: member(r),
                  approved: r.approved,
                  rejected: r.rejected,
                }))}
                category="member"
                stacked
                horizontal
                series={decisionSeries}
              />
              <DataTable
                caption={t('dashboard.throughput.title')}
                items={f.reviewerThroughput}
                rowKey={(r) => r.staffId}
                columns={[
                  { label: t('dashboard.throughput.member'), cell: member },
                  { label: approved, cell: (r) => number(r.approved) },
                  { label: rejected, cell: (r) => number(r.rejected) },
                  { label: t('dashboard.backlog.total'), cell: (r) => number(r.total) },
                ]}
              />
            </>
          )}
        </Figure>
      ) : null}
    </div>
  );
}

/** The figures a head of compliance asks for (issue 17), for members with `read_figures`. */
export function Dashboard() {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const period = readPeriod(searchParams);
  const key = `${period.from ?? ''}/${period.to ?? ''}`;
  const { resource, reload } = useResource(key, (signal) => fetchDashboard(period, signal));
  return (
    <section className="dashboard" aria-labelledby="dashboard-heading">
      <h2 id="dashboard-heading">{t('dashboard.heading')}</h2>
      {resource.state === 'loading' ? (
        <p role="status">
          <Spinner /> {t('dashboard.loading')}
        </p>
      ) : resource.state === 'error' ? (
        <>
          <LoadError message={t(errorMessageKey(resource.error))} onRetry={reload} />
          <PeriodForm key={key} period={{ from: period.from ?? '', to: period.to ?? '', days: 0 }} />
        </>
      ) : (
        <>
          <PeriodForm key={key} period={resource.data.period} />
          <p className="dashboard__summary">
            {t('dashboard.period.summary', {
              from: formatCalendarDate(resource.data.period.from, i18n.language),
              to: formatCalendarDate(resource.data.period.to, i18n.language),
            })}
          </p>
          <Figures f={resource.data} />
        </>
      )}
    </section>
  );
}
