import { COIN_PATTERN, LIMIT_PATTERN, type QuotaChange, type QuotaScope } from './api/quotas.ts';

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
    const id = `${row.scope}/${row.level}/${coin}`;
    if (seen.has(id)) found.duplicate = true;
    seen.add(id);
    if (found.coin || found.limit || found.duplicate) errors.set(row.key, found);
    else changes.push({ scope: row.scope, level: row.level, coin, limit });
  }
  return { errors, changes: errors.size === 0 ? changes : null };
}
