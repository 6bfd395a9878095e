/**
 * Back-office review (docs/backoffice.md): the queue, the case view, one document, decisions, the audit
 * log and the quotas, one module each, composed here into the set the review routes call. Every view of
 * personal data writes an audit entry; every decision commits with its audit entry in one transaction.
 */
import type { ReferenceTopic } from '../../../data/repositories/cached-reference-reads.ts';
import type { Repositories } from '../../../data/repositories/index.ts';
import { auditLogUseCase } from './audit-log.ts';
import { caseViewUseCase, type CaseScreeningSource } from './case-view.ts';
import { decideUseCase } from './decide.ts';
import { documentViewUseCase, type ReviewFiles } from './document-view.ts';
import { queueUseCase } from './queue.ts';
import { quotasUseCases } from './quotas.ts';
import { assignmentUseCases, type AssignmentSettings } from '../work/assignment.ts';
import { serviceLevelUseCases } from '../work/service-levels.ts';

export type { DocumentContent, ReviewFiles } from './document-view.ts';

export function reviewUseCases(
  repos: Repositories,
  files: ReviewFiles,
  screening?: CaseScreeningSource,
  /** Drops every instance's copy of cached reference data after a change (quotas, service levels). */
  referenceChanged?: (topic: ReferenceTopic) => void,
  /** How long a claim lasts (CASE_CLAIM_MINUTES); the default 120 minutes when not given. */
  assignment?: AssignmentSettings,
) {
  const viewCase = caseViewUseCase(repos, files.keyring, screening);
  return {
    queue: queueUseCase(repos),
    viewCase,
    viewDocument: documentViewUseCase(repos, files),
    decide: decideUseCase(repos, files.keyring, viewCase, screening),
    auditLog: auditLogUseCase(repos),
    ...quotasUseCases(repos, () => referenceChanged?.('quotas')),
    // Issue 17: claims, assignment and service levels.
    ...assignmentUseCases(repos, assignment),
    ...serviceLevelUseCases(repos, () => referenceChanged?.('service-levels')),
  };
}
export type ReviewUseCases = ReturnType<typeof reviewUseCases>;
