/**
 * An identity transfer as the two people start it (docs/identity-transfer.md): a new account names the
 * verified demo account l1 as its source behind 30030, l1 consents behind 30031; it then waits for review.
 */
import { expect } from 'vitest';
import { SECURITY_SCENES } from '@kyc/contracts';
import type { AppFixture } from './app-fixture.ts';
import { grantedRiskHeaders } from './step-up.ts';
import { signedInClient, signedUpClient } from './test-app.ts';

export const TRANSFER_SOURCE = 'l1@demo.test';

export async function transferWaitingForReview(fixture: AppFixture, targetEmail: string) {
  const target = await signedUpClient(fixture.app, targetEmail);
  const source = await signedInClient(fixture.app, TRANSFER_SOURCE);
  const started = await target.post(
    '/v1/kyc/transfer/verify',
    {
      role: 'target',
      sourceEmail: TRANSFER_SOURCE,
      firstName: 'Lena',
      lastName: 'Schmidt',
      dateOfBirth: '1990-04-12',
    },
    {
      headers: await grantedRiskHeaders(fixture.database.db, target, SECURITY_SCENES.identityTransferBefore),
    },
  );
  expect(started.envelope?.ret_code).toBe(0);
  const id = (started.envelope?.result as { transfer: { id: number } }).transfer.id;
  const consented = await source.post(
    '/v1/kyc/transfer/verify',
    { role: 'source', transferId: id },
    { headers: await grantedRiskHeaders(fixture.database.db, source, SECURITY_SCENES.identityTransferAfter) },
  );
  expect(consented.envelope?.ret_code).toBe(0);
  return { id, target, source };
}
