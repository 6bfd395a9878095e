/**
 * Time to decision from the daily roll-up's buckets (migration 055, D119). A bucket is named by its upper
 * bound in minutes: a minute wide up to an hour (1..60; 0 holds decisions taken at once), an hour wide
 * beyond (120, 180, …). Each order statistic is estimated within its bucket, so a percentile is right
 * to a minute under an hour and to an hour above; breaches of a service level (whole hours) are exact, because every
 * bucket above an hour ends on a whole hour.
 */
const MINUTE_MS = 60_000;

export interface DurationBucket {
  bucketMinutes: number;
  n: number;
}

/** The bucket a time to decision falls in: the same rule as the roll-up's trigger. */
export function bucketOf(durationMs: number): number {
  if (durationMs <= 0) return 0;
  if (durationMs <= 60 * MINUTE_MS) return Math.ceil(durationMs / MINUTE_MS);
  return Math.ceil(durationMs / (60 * MINUTE_MS)) * 60;
}

/** The bucket's lower bound in minutes (exclusive; its upper bound is inclusive). */
function lowerOf(bucketMinutes: number): number {
  if (bucketMinutes <= 0) return 0;
  return bucketMinutes <= 60 ? bucketMinutes - 1 : bucketMinutes - 60;
}

/**
 * The `fraction` percentile as PostgreSQL's percentile_cont computes it — the value at rank
 * fraction·(n−1), counted from 0, interpolated between the two order statistics around it — with each
 * order statistic estimated within its bucket (the bucket's items spread evenly over its width). Null
 * when nothing was decided.
 */
export function percentileOf(buckets: readonly DurationBucket[], fraction: number): number | null {
  const sorted = [...buckets].filter((b) => b.n > 0).sort((a, b) => a.bucketMinutes - b.bucketMinutes);
  const total = sorted.reduce((sum, b) => sum + b.n, 0);
  if (total === 0) return null;
  /** The i-th smallest duration (from 0), in minutes, estimated within its bucket. */
  const orderStatistic = (i: number): number => {
    let before = 0;
    for (const bucket of sorted) {
      if (i < before + bucket.n) {
        const lower = lowerOf(bucket.bucketMinutes);
        return lower + ((bucket.bucketMinutes - lower) * (i - before + 0.5)) / bucket.n;
      }
      before += bucket.n;
    }
    return sorted.at(-1)?.bucketMinutes ?? 0;
  };
  const rank = fraction * (total - 1);
  const lower = Math.floor(rank);
  const a = orderStatistic(lower);
  const b = lower + 1 < total ? orderStatistic(lower + 1) : a;
  return Math.round((a + (b - a) * (rank - lower)) * MINUTE_MS);
}

/** How many of these decisions took longer than `hours` (a whole number of hours: exact). */
export function lateAfter(buckets: readonly DurationBucket[], hours: number): number {
  return buckets.filter((b) => b.bucketMinutes > hours * 60).reduce((sum, b) => sum + b.n, 0);
}
