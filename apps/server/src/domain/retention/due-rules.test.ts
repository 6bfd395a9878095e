import { describe, expect, it } from 'vitest';
import { RETENTION_KINDS, SITE_CODES, type RetentionPolicy } from '@kyc/contracts';
import { AppError } from '../../lib/app-error.ts';
import { DEFAULT_POLICIES, legalMinimum } from './default-policies.ts';
import {
  DAY_MS,
  addPeriod,
  checkPolicySet,
  clockStart,
  cutoffFor,
  dueKinds,
  periodAtLeast,
  policyTable,
  type PersonEvents,
} from './due-rules.ts';

const utc = (iso: string) => Date.parse(iso);
const table = policyTable(DEFAULT_POLICIES);

function closed(site: string, closedAt: number, decision: number | null = null): PersonEvents {
  return { site, relationshipEnd: closedAt, decision, creation: closedAt - 400 * DAY_MS, lastActivity: null };
}

function retCodeOf(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error.retCode;
    throw error;
  }
  return undefined;
}

describe('retention periods in calendar terms', () => {
  it('when five years are added, then the same day and time five years on, leap days or not', () => {
    expect(addPeriod(utc('2021-06-15T10:30:00Z'), 'P5Y')).toBe(utc('2026-06-15T10:30:00Z'));
    expect(addPeriod(utc('2019-03-01T00:00:00Z'), 'P5Y')).toBe(utc('2024-03-01T00:00:00Z'));
  });

  it('when the start is 29 February, then the period ends on 1 March of a common year, never on the 28th', () => {
    expect(addPeriod(utc('2024-02-29T08:00:00Z'), 'P5Y')).toBe(utc('2029-03-01T08:00:00Z'));
    expect(addPeriod(utc('2024-02-29T08:00:00Z'), 'P4Y')).toBe(utc('2028-02-29T08:00:00Z'));
  });

  it('when a month is added to 31 January, then it ends on 1 March (the day the calendar lacks rolls forward)', () => {
    expect(addPeriod(utc('2025-01-31T00:00:00Z'), 'P1M')).toBe(utc('2025-03-01T00:00:00Z'));
    expect(addPeriod(utc('2025-01-15T00:00:00Z'), 'P1M')).toBe(utc('2025-02-15T00:00:00Z'));
  });

  it('when days are added, then exactly that many days of 24 hours', () => {
    expect(addPeriod(utc('2025-01-01T00:00:00Z'), 'P30D')).toBe(utc('2025-01-31T00:00:00Z'));
  });

  it.each(['P5Y', 'P8Y', 'P10Y', 'P6M', 'P30D', 'P180D'])(
    'the cut-off of %s is the latest start that is due now: due at the cut-off, not a day after',
    (period) => {
      for (const now of [
        utc('2030-03-01T12:00:00Z'),
        utc('2028-02-29T00:00:00Z'),
        utc('2031-12-31T23:59:59Z'),
      ]) {
        const cutoff = cutoffFor(now, period);
        expect(addPeriod(cutoff, period)).toBeLessThanOrEqual(now);
        expect(addPeriod(cutoff + DAY_MS, period)).toBeGreaterThan(now);
      }
    },
  );
});

describe('which of a person’s kinds are due', () => {
  it('when an EU person closed five years ago less a day, then nothing is due; at five years, every person-level kind', () => {
    const closedAt = utc('2020-05-10T09:00:00Z');
    expect(dueKinds(closed('EU', closedAt), table, utc('2025-05-09T09:00:00Z'))).toEqual([]);
    expect(dueKinds(closed('EU', closedAt), table, utc('2025-05-10T08:59:59.999Z'))).toEqual([]);
    const due = dueKinds(closed('EU', closedAt), table, utc('2025-05-10T09:00:00Z'));
    expect(due.map((d) => d.kind)).toEqual([
      'identity_documents',
      'personal_data',
      'questionnaire_answers',
      'decisions_audit',
      'screening_results',
      'vendor_events',
    ]);
    expect(due.every((d) => d.dueAt === utc('2025-05-10T09:00:00Z') && d.clock === 'relationship_end')).toBe(
      true,
    );
  });

  it('when the person is on the Turkey site, then eight years; ADGM (ARE) ten', () => {
    const closedAt = utc('2015-01-01T00:00:00Z');
    expect(dueKinds(closed('TUR', closedAt), table, utc('2022-12-31T00:00:00Z'))).toEqual([]);
    expect(dueKinds(closed('TUR', closedAt), table, utc('2023-01-01T00:00:00Z'))).toHaveLength(6);
    expect(dueKinds(closed('ARE', closedAt), table, utc('2024-12-31T00:00:00Z'))).toEqual([]);
    expect(dueKinds(closed('ARE', closedAt), table, utc('2025-01-01T00:00:00Z'))).toHaveLength(6);
  });

  it('when the relationship has not ended, then nothing of the person is due, whatever their age', () => {
    const open: PersonEvents = {
      site: 'EU',
      relationshipEnd: null,
      decision: 0,
      creation: 0,
      lastActivity: 0,
    };
    expect(dueKinds(open, table, utc('2099-01-01T00:00:00Z'))).toEqual([]);
  });

  it('when a site is unknown, then the person follows GLOBAL', () => {
    expect(
      dueKinds(closed('XYZ', utc('2020-01-01T00:00:00Z')), table, utc('2025-01-01T00:00:00Z')),
    ).toHaveLength(6);
  });

  it('when the clock is the decision, then it counts from the later of the closure and the last decision', () => {
    const end = utc('2020-01-01T00:00:00Z');
    expect(clockStart(closed('EU', end, utc('2021-01-01T00:00:00Z')), 'decision')).toBe(
      utc('2021-01-01T00:00:00Z'),
    );
    expect(clockStart(closed('EU', end, utc('2019-01-01T00:00:00Z')), 'decision')).toBe(end);
    expect(clockStart({ ...closed('EU', end), relationshipEnd: null }, 'decision')).toBeNull();
  });
});

describe('checking a policy set before it becomes a version', () => {
  const set = (change: (p: RetentionPolicy) => RetentionPolicy | RetentionPolicy[] | undefined) =>
    DEFAULT_POLICIES.flatMap((p) => change(p) ?? []);

  it('the shipped defaults pass, with every site and kind once and the legal sources filled', () => {
    expect(checkPolicySet(DEFAULT_POLICIES)).toHaveLength(SITE_CODES.length * RETENTION_KINDS.length);
    expect(DEFAULT_POLICIES.every((p) => p.legalSource.length > 10)).toBe(true);
    expect(
      DEFAULT_POLICIES.find((p) => p.site === 'EU' && p.kind === 'identity_documents')?.legalSource,
    ).toMatch(/AMLD.*Art\. 40/);
    expect(DEFAULT_POLICIES.find((p) => p.site === 'GLOBAL' && p.kind === 'drafts')?.legalSource).toMatch(
      /GDPR Art\. 5\(1\)\(e\)/,
    );
  });

  it('when a site and kind is missing or repeated, then 62001 naming it', () => {
    expect(
      retCodeOf(() => checkPolicySet(set((p) => (p.site === 'HKG' && p.kind === 'drafts' ? undefined : p)))),
    ).toBe(62001);
    expect(
      retCodeOf(() => checkPolicySet(set((p) => (p.site === 'EU' && p.kind === 'drafts' ? [p, p] : p)))),
    ).toBe(62001);
    expect(() =>
      checkPolicySet(set((p) => (p.site === 'HKG' && p.kind === 'drafts' ? undefined : p))),
    ).toThrow(/missing: HKG\/drafts/);
  });

  it('when an AML period is below the legal minimum, then 62002; longer is fine', () => {
    const shorter = set((p) =>
      p.site === 'TUR' && p.kind === 'personal_data' ? { ...p, period: 'P5Y' } : p,
    );
    expect(retCodeOf(() => checkPolicySet(shorter))).toBe(62002);
    const longer = set((p) =>
      p.site === 'TUR' && p.kind === 'personal_data' ? { ...p, period: 'P10Y' } : p,
    );
    expect(retCodeOf(() => checkPolicySet(longer))).toBeUndefined();
  });

  it('when a rolling kind is shortened to a day, then it passes (storage limitation sets only a maximum)', () => {
    const short = set((p) => (p.kind === 'drafts' ? { ...p, period: 'P1D' } : p));
    expect(checkPolicySet(short).find((p) => p.kind === 'drafts')?.period).toBe('P1D');
    expect(legalMinimum('EU', 'drafts')).toBe('P1D');
  });

  it('when a clock does not fit its kind, then 62003', () => {
    const person = set((p) =>
      p.site === 'EU' && p.kind === 'identity_documents' ? { ...p, clock: 'creation' } : p,
    );
    expect(retCodeOf(() => checkPolicySet(person))).toBe(62003);
    const rolling = set((p) =>
      p.site === 'EU' && p.kind === 'drafts' ? { ...p, clock: 'relationship_end' } : p,
    );
    expect(retCodeOf(() => checkPolicySet(rolling))).toBe(62003);
  });

  it('compares periods of different units only when every calendar agrees', () => {
    expect(periodAtLeast('P1830D', 'P5Y')).toBe(true);
    expect(periodAtLeast('P1826D', 'P5Y')).toBe(false);
    expect(periodAtLeast('P6Y', 'P5Y')).toBe(true);
    expect(periodAtLeast('P60M', 'P5Y')).toBe(false);
    expect(periodAtLeast('P1D', 'P1D')).toBe(true);
  });
});
