import type { ComplianceTasksResult } from '@kyc/contracts';
import { callEndpoint } from '../http';

/**
 * POST compliance-tasks: the user's tasks, open first. Shared code because two features read it: the
 * task list (features/compliance-tasks) and the "What to do next" card (features/verification).
 */
export function getComplianceTasks(): Promise<ComplianceTasksResult> {
  return callEndpoint<ComplianceTasksResult>('complianceTasks');
}
