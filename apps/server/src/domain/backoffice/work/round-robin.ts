/**
 * The automatic assignment's choice, pure (D121): which active member gets a waiting case. Eligible: the
 * member works the case's site (or every site), holds fewer than the cap of live claims on waiting cases,
 * and, for a final rejection awaiting a senior's confirmation, may confirm (`confirm_final`) and proposed
 * none of the case's final rejections. Which roles take part at all is the caller's (auto-assignment.ts). Among them, the one given a case least recently (never first),
 * then the lowest id: round robin, fair across sites for a member who works several.
 */
import { roleCan, type StaffRole } from '@kyc/contracts';

export interface Candidate {
  id: number;
  role: StaffRole;
  /** null: every site. */
  sites: ReadonlySet<string> | null;
  autoAssignedAt: number | null;
  open: number;
}

export interface CaseToGive {
  site: string;
  /** The proposers of the case's final rejections awaiting confirmation; undefined: none awaits. */
  finalProposers?: ReadonlySet<number>;
}

export function mayTake(member: Candidate, work: CaseToGive, maxOpen: number): boolean {
  if (member.open >= maxOpen) return false;
  if (member.sites !== null && !member.sites.has(work.site)) return false;
  if (work.finalProposers === undefined) return true;
  return roleCan(member.role, 'confirm_final') && !work.finalProposers.has(member.id);
}

/** The member the case goes to, or undefined when nobody may take it now. */
export function chooseAssignee<M extends Candidate>(
  members: readonly M[],
  work: CaseToGive,
  maxOpen: number,
): M | undefined {
  let best: M | undefined;
  for (const member of members) {
    if (!mayTake(member, work, maxOpen)) continue;
    if (best === undefined || before(member, best)) best = member;
  }
  return best;
}

/** Whether `a` comes before `b` in the round robin: given a case less recently, then by id. */
function before(a: Candidate, b: Candidate): boolean {
  const at = a.autoAssignedAt ?? -Infinity;
  const bt = b.autoAssignedAt ?? -Infinity;
  return at !== bt ? at < bt : a.id < b.id;
}

/**
 * The sites worth reading waiting cases of: null (every site) when a member with room works every site,
 * else the sites of the members with room.
 */
export function sitesWithRoom(members: readonly Candidate[], maxOpen: number): string[] | null {
  const sites = new Set<string>();
  for (const member of members) {
    if (member.open >= maxOpen) continue;
    if (member.sites === null) return null;
    for (const site of member.sites) sites.add(site);
  }
  return [...sites].sort();
}

/** The sites named by members with room (those who work every site left out), sorted. */
export function namedSitesWithRoom(members: readonly Candidate[], maxOpen: number): string[] {
  const sites = new Set<string>();
  for (const member of members)
    if (member.open < maxOpen && member.sites !== null) for (const site of member.sites) sites.add(site);
  return [...sites].sort();
}
