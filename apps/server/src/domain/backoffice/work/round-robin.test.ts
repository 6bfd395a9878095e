import { describe, expect, it } from 'vitest';
import { chooseAssignee, mayTake, namedSitesWithRoom, sitesWithRoom, type Candidate } from './round-robin.ts';

const m = (id: number, over: Partial<Candidate> = {}): Candidate => ({
  id,
  role: 'reviewer',
  sites: null,
  autoAssignedAt: null,
  open: 0,
  ...over,
});
const sites = (...codes: string[]) => new Set(codes);

describe('the automatic assignment’s choice (D121)', () => {
  it('when nobody was given a case yet, then the lowest id; then whoever was given one least recently', () => {
    expect(chooseAssignee([m(3), m(2), m(5)], { site: 'KAZ' }, 5)?.id).toBe(2);
    const members = [
      m(2, { autoAssignedAt: 300 }),
      m(3, { autoAssignedAt: 100 }),
      m(5, { autoAssignedAt: 200 }),
    ];
    expect(chooseAssignee(members, { site: 'KAZ' }, 5)?.id).toBe(3);
    expect(chooseAssignee([m(9, { autoAssignedAt: 1 }), m(4)], { site: 'KAZ' }, 5)?.id).toBe(4);
  });

  it('when members work other sites only, then nobody; a member without sites works every site', () => {
    const members = [m(1, { sites: sites('TUR') }), m(2, { sites: sites('HKG', 'TUR') })];
    expect(chooseAssignee(members, { site: 'KAZ' }, 5)).toBeUndefined();
    expect(chooseAssignee(members, { site: 'HKG' }, 5)?.id).toBe(2);
    expect(chooseAssignee([...members, m(7, { autoAssignedAt: 9 })], { site: 'KAZ' }, 5)?.id).toBe(7);
  });

  it('when a member holds the cap of open cases, then they are passed over', () => {
    expect(
      chooseAssignee([m(1, { open: 5 }), m(2, { open: 4, autoAssignedAt: 50 })], { site: 'X' }, 5)?.id,
    ).toBe(2);
    expect(mayTake(m(1, { open: 2 }), { site: 'X' }, 2)).toBe(false);
  });

  it('when a final rejection awaits confirmation, then only a senior or admin who proposed none of it', () => {
    const work = { site: 'KAZ', finalProposers: new Set([1]) };
    const proposer = m(1, { role: 'senior_reviewer' });
    const reviewer = m(2);
    const admin = m(3, { role: 'admin', autoAssignedAt: 10 });
    const senior = m(4, { role: 'senior_reviewer', autoAssignedAt: 20 });
    expect(chooseAssignee([proposer, reviewer], work, 5)).toBeUndefined();
    expect(chooseAssignee([proposer, reviewer, senior, admin], work, 5)?.id).toBe(3);
    expect(mayTake(m(5, { role: 'auditor' }), { site: 'KAZ' }, 5)).toBe(true); // the repository reads deciders only
    // A proposal by a vendor (staff 0) leaves every senior free to confirm.
    expect(chooseAssignee([senior], { site: 'KAZ', finalProposers: new Set([0]) }, 5)?.id).toBe(4);
  });

  it('the sites worth reading: every site when a member with room works every site, else theirs', () => {
    expect(sitesWithRoom([m(1, { sites: sites('TUR') }), m(2)], 5)).toBeNull();
    expect(sitesWithRoom([m(1, { sites: sites('TUR') }), m(2, { open: 5 })], 5)).toEqual(['TUR']);
    expect(sitesWithRoom([m(1, { sites: sites('TUR', 'HKG'), open: 1 }), m(2, { open: 5 })], 5)).toEqual([
      'HKG',
      'TUR',
    ]);
    expect(sitesWithRoom([m(1, { open: 5 })], 5)).toEqual([]);
  });

  it('the sites named by members with room, for the per-site passes: members of every site left out', () => {
    const members = [m(1), m(2, { sites: sites('TUR', 'KAZ') }), m(3, { sites: sites('HKG'), open: 5 })];
    expect(namedSitesWithRoom(members, 5)).toEqual(['KAZ', 'TUR']);
  });
});
