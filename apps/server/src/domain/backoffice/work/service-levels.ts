/**
 * Service levels (issue 17): hours to a decision per kind of work, read by the queue (due time, breach
 * filter) and edited by admins (`edit_service_levels`), each row a compare-and-set on `updated_at`, all
 * in one transaction with the audit entry (55021 when one changed meanwhile).
 */
import {
  WORK_KINDS,
  type ServiceLevelList,
  type ServiceLevelUpdate,
  type StaffMe,
  type SubmissionKind,
  type WorkKind,
} from '@kyc/contracts';
import type { Repositories } from '../../../data/repositories/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { requirePermission } from '../permissions.ts';

export const HOUR_MS = 3_600_000;

/** The kind of work a pending submission is. */
export function workKindOf(kind: SubmissionKind, level: number): WorkKind {
  if (kind === 'reverification') return 'reverification';
  if (kind === 'update_id' || kind === 'update_poa') return 'update';
  return level >= 2 ? 'level_2' : 'level_1';
}

const isWorkKind = (v: string): v is WorkKind => (WORK_KINDS as readonly string[]).includes(v);

export async function serviceLevelHours(
  repos: Pick<Repositories, 'work'>,
): Promise<Record<WorkKind, number>> {
  const hours = {
    level_1: 48,
    level_2: 72,
    reverification: 72,
    update: 48,
    questionnaire: 120,
    screening_alert: 24,
  };
  for (const row of await repos.work.serviceLevels())
    if (isWorkKind(row.work_kind)) hours[row.work_kind] = row.hours;
  return hours;
}

export function serviceLevelUseCases(repos: Repositories, changed: () => void = () => undefined) {
  async function list(): Promise<ServiceLevelList> {
    const rows = await repos.work.serviceLevels();
    return {
      levels: rows
        .filter((r) => isWorkKind(r.work_kind))
        .map((r) => ({ kind: r.work_kind as WorkKind, hours: r.hours, updatedAt: Number(r.updated_at) })),
    };
  }
  return {
    async serviceLevels(staff: StaffMe): Promise<ServiceLevelList> {
      requirePermission(staff, 'view_cases');
      return list();
    },
    async updateServiceLevels(staff: StaffMe, update: ServiceLevelUpdate, now = Date.now()) {
      requirePermission(staff, 'edit_service_levels');
      await repos.transaction(async (tx) => {
        const before = await tx.work.serviceLevels();
        for (const level of update.levels) {
          const at = Math.max(now, level.updatedAt + 1);
          if (!(await tx.work.setServiceLevel(level.kind, level.hours, level.updatedAt, at, staff.id)))
            throw new AppError('SERVICE_LEVELS_CHANGED');
        }
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: 'service_levels.update',
            caseRef: 'service-levels',
            details: {
              from: Object.fromEntries(before.map((r) => [r.work_kind, r.hours])),
              to: Object.fromEntries(update.levels.map((l) => [l.kind, l.hours])),
            },
          },
          now,
        );
      });
      // The queue reads the levels from memory (cached-reference-reads.ts): every instance drops its copy.
      changed();
      return list();
    },
  };
}
