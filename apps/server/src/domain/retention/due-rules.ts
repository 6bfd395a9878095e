/**
 * The pure rules of retention (issue 20, docs/data-lifecycle.md "When a record is due"): when a period
 * ends, which of a person's kinds are due, and whether a policy set is acceptable. No I/O; unit-tested.
 *
 * A period is added in calendar terms in UTC: `P5Y` from 29 February 2024 ends on 1 March 2029 (the day
 * after the 28th, never before: a record is never erased before its period has fully run), `P1M` from
 * 31 January ends on 1 March in a common year, for the same reason.
 */
import {
  PERSON_RETENTION_KINDS,
  RETENTION_KINDS,
  RETENTION_PERIOD_PATTERN,
  SITE_CODES,
  isSiteCode,
  type PersonRetentionKind,
  type RetentionClock,
  type RetentionKind,
  type RetentionPolicy,
  type SiteCode,
} from '@kyc/contracts';
import { AppError } from '../../lib/app-error.ts';
import { legalMinimum } from './default-policies.ts';

export const DAY_MS = 24 * 60 * 60_000;

interface Period {
  count: number;
  unit: 'Y' | 'M' | 'D';
}

export function parsePeriod(period: string): Period {
  const match = RETENTION_PERIOD_PATTERN.exec(period);
  if (!match) throw new Error(`not a retention period: ${period}`);
  return { count: Number(match[1]), unit: match[2] as Period['unit'] };
}

/**
 * `at` plus the period, in calendar terms (UTC, time of day kept). A day of the month the target month
 * lacks rolls forward into the next month, so the end is never earlier than the calendar says.
 */
export function addPeriod(at: number, period: string): number {
  const { count, unit } = parsePeriod(period);
  if (unit === 'D') return at + count * DAY_MS;
  const start = new Date(at);
  const months = unit === 'Y' ? count * 12 : count;
  const year = start.getUTCFullYear() + Math.floor((start.getUTCMonth() + months) / 12);
  const month = (start.getUTCMonth() + months) % 12;
  const day = start.getUTCDate();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const timeOfDay = at - Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), day);
  const end = day <= lastDay ? Date.UTC(year, month, day) : Date.UTC(year, month, lastDay) + DAY_MS; // rolled forward
  return end + timeOfDay;
}

/** The latest instant a record whose clock started at `at` could have started and be due by `now`. */
export function cutoffFor(now: number, period: string): number {
  // The inverse of addPeriod for day periods is exact; for months and years, step back in the calendar
  // and then forward until addPeriod passes `now`, so that addPeriod(cutoff) <= now always holds.
  const { count, unit } = parsePeriod(period);
  if (unit === 'D') return now - count * DAY_MS;
  const back = new Date(now);
  const months = unit === 'Y' ? count * 12 : count;
  const total = back.getUTCFullYear() * 12 + back.getUTCMonth() - months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(back.getUTCDate(), lastDay);
  let cutoff =
    Date.UTC(year, month, day) +
    (now - Date.UTC(back.getUTCFullYear(), back.getUTCMonth(), back.getUTCDate()));
  while (addPeriod(cutoff, period) > now) cutoff -= DAY_MS;
  return cutoff;
}

/** The events of a person a clock can read; null when it has not happened. */
export interface PersonEvents {
  site: string;
  /** account_closures.closed_at. */
  relationshipEnd: number | null;
  /** The newest decision on their verification (staff or vendor). */
  decision: number | null;
  /** users.created_at. */
  creation: number;
  /** The last sign-in, else the creation. */
  lastActivity: number | null;
}

/**
 * When a clock started for the person, or null when it has not. The person-level kinds never count
 * from before the relationship ended (D71): `decision` is the later of the end and the last decision
 * (a decision made after closing, e.g. a review for a report, keeps its records its full period).
 */
export function clockStart(events: PersonEvents, clock: RetentionClock): number | null {
  switch (clock) {
    case 'relationship_end':
      return events.relationshipEnd;
    case 'decision':
      return events.relationshipEnd === null
        ? null
        : Math.max(events.relationshipEnd, events.decision ?? events.relationshipEnd);
    case 'creation':
      return events.creation;
    case 'last_activity':
      return events.lastActivity ?? events.creation;
  }
}

/** The site a person's records follow: theirs, or GLOBAL for a value no site has. */
export const siteOf = (site: string): SiteCode => (isSiteCode(site) ? site : 'GLOBAL');

/** A policy set by site and kind. */
export type PolicyTable = ReadonlyMap<string, RetentionPolicy>;
export const policyKey = (site: string, kind: RetentionKind) => `${site}/${kind}`;

export function policyTable(policies: readonly RetentionPolicy[]): PolicyTable {
  return new Map(policies.map((p) => [policyKey(p.site, p.kind), p]));
}

export function policyOf(table: PolicyTable, site: string, kind: RetentionKind): RetentionPolicy {
  const policy = table.get(policyKey(siteOf(site), kind));
  if (!policy) throw new Error(`no retention policy for ${site}/${kind}`);
  return policy;
}

export interface DueKind {
  kind: PersonRetentionKind;
  clock: RetentionClock;
  dueAt: number;
}

/**
 * The person-level kinds due at `now` under the policies: those whose clock has started and whose period
 * has fully run (due at `dueAt` <= now; a millisecond earlier, not due).
 */
export function dueKinds(events: PersonEvents, table: PolicyTable, now: number): DueKind[] {
  const due: DueKind[] = [];
  for (const kind of PERSON_RETENTION_KINDS) {
    const policy = policyOf(table, events.site, kind);
    const start = clockStart(events, policy.clock);
    if (start === null) continue;
    const dueAt = addPeriod(start, policy.period);
    if (dueAt <= now) due.push({ kind, clock: policy.clock, dueAt });
  }
  return due;
}

/** The clocks of rolling kinds: each row's own creation or last activity. */
const ROLLING_CLOCKS: readonly RetentionClock[] = ['creation', 'last_activity'];
/** The clocks of person-level kinds: never before the relationship ended. */
const PERSON_CLOCKS: readonly RetentionClock[] = ['relationship_end', 'decision'];

/**
 * True when period `a` is at least period `b` under every calendar: compared in days with `a` at its
 * shortest (a year 365 days, a month 28) and `b` at its longest (366, 31). Conservative: `P1826D` is not
 * accepted as at least `P5Y`, `P1830D` is.
 */
export function periodAtLeast(a: string, b: string): boolean {
  const shortest = ({ count, unit }: Period) => count * (unit === 'Y' ? 365 : unit === 'M' ? 28 : 1);
  const longest = ({ count, unit }: Period) => count * (unit === 'Y' ? 366 : unit === 'M' ? 31 : 1);
  const pa = parsePeriod(a);
  const pb = parsePeriod(b);
  if (pa.unit === pb.unit) return pa.count >= pb.count;
  return shortest(pa) >= longest(pb);
}

/**
 * Checks a whole policy set before it becomes a version: every site and kind exactly once (62001), no
 * period below the legal minimum (62002), a clock that fits the kind (62003). The messages name the
 * offending entries so an admin can fix them from the answer alone.
 */
export function checkPolicySet(policies: readonly RetentionPolicy[]): RetentionPolicy[] {
  const seen = new Map<string, number>();
  for (const p of policies)
    seen.set(policyKey(p.site, p.kind), (seen.get(policyKey(p.site, p.kind)) ?? 0) + 1);
  const missing: string[] = [];
  for (const site of SITE_CODES)
    for (const kind of RETENTION_KINDS)
      if (!seen.has(policyKey(site, kind))) missing.push(policyKey(site, kind));
  const repeated = [...seen].filter(([, n]) => n > 1).map(([key]) => key);
  if (missing.length > 0 || repeated.length > 0) {
    const parts = [
      missing.length > 0
        ? `missing: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ` and ${missing.length - 10} more` : ''}`
        : '',
      repeated.length > 0 ? `repeated: ${repeated.join(', ')}` : '',
    ].filter(Boolean);
    throw new AppError('RETENTION_POLICY_INCOMPLETE', `policies: ${parts.join('; ')}`);
  }
  for (const p of policies) {
    const person = (PERSON_RETENTION_KINDS as readonly string[]).includes(p.kind);
    const clocks = person ? PERSON_CLOCKS : ROLLING_CLOCKS;
    if (!clocks.includes(p.clock))
      throw new AppError(
        'RETENTION_POLICY_CLOCK_INVALID',
        `policies: ${policyKey(p.site, p.kind)} counts from ${clocks.join(' or ')}, not ${p.clock}`,
      );
    const minimum = legalMinimum(p.site, p.kind);
    if (!periodAtLeast(p.period, minimum))
      throw new AppError(
        'RETENTION_POLICY_BELOW_MINIMUM',
        `policies: ${policyKey(p.site, p.kind)} is ${p.period}, the legal minimum is ${minimum}`,
      );
  }
  return SITE_CODES.flatMap((site) =>
    RETENTION_KINDS.map(
      (kind) => policies.find((p) => p.site === site && p.kind === kind) as RetentionPolicy,
    ),
  );
}
