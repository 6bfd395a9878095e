/**
 * What the document-check tests share (issue 19; document-checks, document-correction, auto-decisions,
 * correction-auto-decisions, screening-document, vendor-checks, face-checks): the passport holder whose
 * zone the generated pages print, an upload as the browser sends it, and running one job of the app now.
 */
import type { FastifyInstance } from 'fastify';
import { multipart, type Result } from './kyc-flows.ts';
import type { Identity } from './mrz-documents.ts';
import type { TestClient } from './test-app.ts';

/** A German passport's holder (issuing state and nationality printed with their fillers, 'D<<'). */
export const MUELLER: Identity = {
  documentCode: 'P',
  issuingState: 'D<<',
  surname: 'MUELLER',
  givenNames: 'ANNA',
  documentNumber: 'C01X00T47',
  nationality: 'D<<',
  dateOfBirth: '900101',
  sex: 'F',
  expiryDate: '300101',
};

/** Uploads one side (front, back, selfie), a selfie with its liveness evidence if given; answers the document id. */
export async function upload(
  client: TestClient,
  side: string,
  bytes: Buffer,
  liveness?: object,
): Promise<string> {
  const fields: Record<string, string> = liveness ? { liveness: JSON.stringify(liveness) } : {};
  const { envelope } = await client.send('POST', '/v3/private/kyc/upload-document', undefined, {
    ...multipart(side, bytes, 'image/jpeg', fields),
  });
  if (envelope?.ret_code !== 0) throw new Error(`upload failed: ${JSON.stringify(envelope)}`);
  return String((envelope.result as Result).documentId);
}

/** Runs the app's job of this name once, now; answers how much it did. */
export async function job(app: FastifyInstance, name: string): Promise<number> {
  const found = app.jobs.find((j) => j.name === name);
  if (!found) throw new Error(`no ${name} job`);
  return found.run();
}
