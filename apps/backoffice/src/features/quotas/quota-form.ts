import { COIN_PATTERN, LIMIT_PATTERN, type Quota, type QuotaChange, type QuotaScope } from './api/quotas.ts';

/** One row of the quota form, as typed. */
export interface QuotaRow {
  key: number;
  scope: QuotaScope;
  level: number;
  coin: string;
  limit: string;
}

export interface QuotaRowErrors {
  coin?: 'quotas.errors.coin';
  limit?: 'quotas.errors.limit';
  duplicate?: boolean;
}

/** Checks every row; the changes to send when all are valid. */
export function validateRows(rows: readonly QuotaRow[]): {
  errors: Map<number, QuotaRowErrors>;
  changes: QuotaChange[] | null;
} {
  const errors = new Map<number, QuotaRowErrors>();
  const seen = new Set<string>();
  const changes: QuotaChange[] = [];
  for (const row of rows) {
    const coin = row.coin.trim().toUpperCase();
    const limit = row.limit.trim();
    const found: QuotaRowErrors = {};
    if (!COIN_PATTERN.test(coin)) found.coin = 'quotas.errors.coin';
    if (!LIMIT_PATTERN.test(limit)) found.limit = 'quotas.errors.limit';
    const id = quotaId({ scope: row.scope, level: row.level, coin });
    if (seen.has(id)) found.duplicate = true;
    seen.add(id);
    if (found.coin || found.limit || found.duplicate) errors.set(row.key, found);
    else changes.push({ scope: row.scope, level: row.level, coin, limit });
  }
  return { errors, changes: errors.size === 0 ? changes : null };
}

/** Formats a limit as the server stores it, without exponent notation (1e21 and the like never occur: 18 digits). */
export function limitText(limit: number): string {
  return limit.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 8 });
}

/** What identifies a limit: scope, level and coin. */
export function quotaId(quota: { scope: string; level: number; coin: string }): string {
  return `${quota.scope}/${quota.level}/${quota.coin.trim().toUpperCase()}`;
}

/** A stored limit as a row of the form (any scope other than KYB is a person's, KYC). */
export function rowOf(quota: Quota, key: number): QuotaRow {
  const scope: QuotaScope = quota.scope === 'KYB' ? 'KYB' : 'KYC';
  return { key, scope, level: quota.level, coin: quota.coin, limit: limitText(quota.limit) };
}

/**
 * Of the valid changes, those that differ from what the server holds: new limits and changed amounts.
 * Unchanged rows are not sent, so the PATCH and its audit entry name only what the admin changed.
 */
export function unsavedChanges(changes: readonly QuotaChange[], held: readonly Quota[]): QuotaChange[] {
  const limits = new Map(held.map((q) => [quotaId(q), q.limit]));
  return changes.filter((c) => limits.get(quotaId(c)) !== Number(c.limit));
}
