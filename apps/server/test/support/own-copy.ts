/**
 * A person's own copy of their data (docs/data-export.md), as they get it: asked for with a step-up, built
 * by the `data-exports` job, linked with another step-up, downloaded and unzipped.
 */
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import { expect } from 'vitest';
import {
  DATA_EXPORTS_URL,
  SECURITY_SCENES,
  type DataExportLinkResult,
  type DataExportView,
} from '@kyc/contracts';
import { job } from './checked-submissions.ts';
import { postWithKey, randomKey } from './kyc-flows.ts';
import { stepUpHeaders } from './step-up.ts';
import type { TestClient } from './test-app.ts';

/** The copy's files by their path in the archive. */
export type CopyFiles = Record<string, Uint8Array>;

export async function ownCopy(app: FastifyInstance, client: TestClient): Promise<CopyFiles> {
  const asked = await postWithKey(
    client,
    DATA_EXPORTS_URL,
    undefined,
    randomKey(),
    await stepUpHeaders(client, SECURITY_SCENES.dataExport),
  );
  expect(asked.envelope.ret_code).toBe(0);
  const exportId = (asked.envelope.result as unknown as DataExportView).id;
  await job(app, 'data-exports');
  const headers = await stepUpHeaders(client, SECURITY_SCENES.dataExport);
  const link = await client.post(`${DATA_EXPORTS_URL}/${exportId}/link`, undefined, { headers });
  expect(link.envelope?.ret_code).toBe(0);
  const { url } = link.envelope?.result as DataExportLinkResult;
  const { response } = await client.get(url);
  expect(String(response.headers['content-type'])).toMatch(/^application\/zip/);
  return unzipSync(new Uint8Array(response.rawPayload));
}
