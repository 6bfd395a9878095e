/**
 * Working a queue together (issue 17, docs/backoffice-at-volume.md): claims and assignment of
 * verification cases, and the service level (hours to a decision) per kind of work.
 */
import { z } from 'zod';

/** The kinds of work with a service level. */
export const WORK_KINDS = [
  'level_1',
  'level_2',
  'reverification',
  'update',
  'questionnaire',
  /** Issue 18: a screening hit to resolve (the alerts queue's deadline). */
  'screening_alert',
] as const;
export type WorkKind = (typeof WORK_KINDS)[number];

/** Who works a case until when; null when nobody does (or the claim expired). */
export const caseAssignee = z.object({
  staffId: z.number().int(),
  /** Display name, else email; null when no such member exists. */
  name: z.string().nullable(),
  expiresAt: z.number().int(),
  /** Pass back to assign or release: the claim as read (compare-and-set). */
  version: z.number().int(),
});
export type CaseAssignee = z.infer<typeof caseAssignee>;

/** POST …/claim, PUT …/assignee and DELETE …/claim answer the case's assignee after the change. */
export const caseClaimResult = z.object({ assignee: caseAssignee.nullable() });
export type CaseClaimResult = z.infer<typeof caseClaimResult>;

/** PUT /backoffice/api/cases/:userId/assignee (leads): to `staffId`, over the claim as read. */
export const caseAssignRequest = z.object({
  staffId: z.number().int().positive(),
  /** The `version` of the assignee as read; null when the case had none. */
  expectedVersion: z.number().int().nullable(),
});
export type CaseAssignRequest = z.infer<typeof caseAssignRequest>;

/** DELETE /backoffice/api/cases/:userId/claim?version=: the assignee gives it back, or a lead breaks it. */
export const caseReleaseQuery = z.object({ version: z.coerce.number().int().positive() });

export const serviceLevel = z.object({
  kind: z.enum(WORK_KINDS),
  hours: z.number().int().min(1).max(720),
  /** The row as read; pass back to change it (compare-and-set). */
  updatedAt: z.number().int(),
});
export type ServiceLevel = z.infer<typeof serviceLevel>;

/** GET and PUT /backoffice/api/service-levels. */
export const serviceLevelList = z.object({ levels: z.array(serviceLevel) });
export type ServiceLevelList = z.infer<typeof serviceLevelList>;
export const serviceLevelUpdate = z.object({ levels: z.array(serviceLevel).min(1).max(WORK_KINDS.length) });
export type ServiceLevelUpdate = z.infer<typeof serviceLevelUpdate>;
