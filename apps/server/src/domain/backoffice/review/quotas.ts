/**
 * The withdrawal quotas per level (docs/backoffice.md "Quotas"). Reading needs the same permission as
 * editing (only admins see the quotas area) and is audited like the other staff views (`quotas.view`);
 * a change sets every given limit and its audit entry in one transaction.
 */
import type { QuotaList, QuotaPatchRequest, StaffMe } from '@kyc/contracts';
import type { Repositories } from '../../../data/repositories/index.ts';
import { requirePermission } from '../permissions.ts';

/** `quotasChanged`: after a committed change, every instance's copy of the quotas is dropped. */
export function quotasUseCases(repos: Repositories, quotasChanged: () => void = () => undefined) {
  return {
    async quotas(staff: StaffMe, now = Date.now()): Promise<QuotaList> {
      requirePermission(staff, 'edit_quotas');
      const rows = await repos.kyc.quotas();
      await repos.audit.insert({ staffId: staff.id, action: 'quotas.view' }, now);
      return rows;
    },

    async patchQuotas(staff: StaffMe, body: QuotaPatchRequest, now = Date.now()): Promise<QuotaList> {
      requirePermission(staff, 'edit_quotas');
      await repos.transaction(async (tx) => {
        for (const q of body.quotas) await tx.review.setQuota(q.scope, q.level, q.coin, q.limit, now);
        await tx.audit.insert(
          { staffId: staff.id, action: 'quotas.update', details: { quotas: body.quotas } },
          now,
        );
      });
      quotasChanged();
      return repos.kyc.quotas();
    },
  };
}
