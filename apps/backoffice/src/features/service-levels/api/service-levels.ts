/**
 * The service levels (issue 17, docs/backoffice-at-volume.md "Working a queue together"): the hours to
 * a decision per kind of work, read by everyone who sees cases and changed by admins
 * (`edit_service_levels`), each row over its `updatedAt` as read (55021 when one changed meanwhile).
 */
import type { ServiceLevel, ServiceLevelList, ServiceLevelUpdate, WorkKind } from '@kyc/contracts';
import { api } from '../../../lib/api-client.ts';

export { WORK_KINDS } from '@kyc/contracts';
export type { ServiceLevel, ServiceLevelList, WorkKind };

/** GET /backoffice/api/service-levels (`view_cases`). */
export function fetchServiceLevels(signal?: AbortSignal): Promise<ServiceLevelList> {
  return api.get<ServiceLevelList>('/service-levels', { signal });
}

/** PUT /backoffice/api/service-levels (`edit_service_levels`; audited as service_levels.update). */
export function putServiceLevels(body: ServiceLevelUpdate): Promise<ServiceLevelList> {
  return api.put<ServiceLevelList>('/service-levels', body);
}
