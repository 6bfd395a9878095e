/**
 * The dashboard's charts, drawn with Recharts (D88), in a chunk of their own loaded after the figures.
 * Each chart is a picture of the table beside it: `role="img"` with a label that says so, and no focus
 * stops of its own (the table is what a screen reader or a keyboard reads).
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

export interface BarChartProps {
  /** Names the picture for assistive technology ("Chart of …; the table beside it…"). */
  label: string;
  rows: readonly Record<string, string | number>[];
  /** The row field naming each bar group (day, kind, member). */
  category: string;
  series: readonly ChartSeries[];
  stacked?: boolean;
  /** Right to left: the category axis starts on the right. */
  rtl?: boolean;
  /** Bars run across the page (long category names: reasons, members). */
  horizontal?: boolean;
}

export function FigureBarChart({ label, rows, category, series, stacked, rtl, horizontal }: BarChartProps) {
  const height = horizontal ? Math.max(160, rows.length * 36 + 60) : 260;
  return (
    <div className="dashboard__chart" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height={height}>
        <BarChart
          data={[...rows]}
          layout={horizontal ? 'vertical' : 'horizontal'}
          accessibilityLayer={false}
          margin={{ top: 8, right: 16, bottom: 8, left: 16 }}
        >
          <CartesianGrid strokeDasharray="3 3" />
          {horizontal ? (
            <>
              <XAxis type="number" allowDecimals={false} reversed={rtl} />
              <YAxis type="category" dataKey={category} width={120} orientation={rtl ? 'right' : 'left'} />
            </>
          ) : (
            <>
              <XAxis dataKey={category} reversed={rtl} />
              <YAxis allowDecimals={false} orientation={rtl ? 'right' : 'left'} />
            </>
          )}
          <Tooltip />
          <Legend formatter={(value: string) => <span className="dashboard__legend-text">{value}</span>} />
          {series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={s.color}
              isAnimationActive={false}
              {...(stacked ? { stackId: 'all' } : {})}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
