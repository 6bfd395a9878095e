/** Uploading test images through the real upload-document endpoint, as the SPA's FormData does. */
import type { Envelope } from '@kyc/contracts';
import type { TestClient } from './test-app.ts';
import { documentJpeg } from '../../src/domain/checks/quality/synthetic-images.ts';

const BOUNDARY = '----kyc-test-boundary-a2';

export function multipartBody(
  fields: Record<string, string>,
  file: { name: string; type: string; bytes: Buffer },
) {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

const made = new Map<string, Promise<Buffer>>();

/**
 * A photo-like document JPEG (a textured card, 1200×800 by default) that passes the image-quality
 * checks of document sides and selfies (domain/checks/quality); made once per size.
 */
export function testJpeg(width = 1200, height = 800): Promise<Buffer> {
  const key = `${width}x${height}`;
  let jpeg = made.get(key);
  if (!jpeg) {
    jpeg = documentJpeg(width, height);
    made.set(key, jpeg);
  }
  return jpeg;
}

/** Uploads a JPEG as this side; answers the document id (throws if the upload is refused). */
export async function uploadedDocument(client: TestClient, side: string): Promise<string> {
  const body = multipartBody({ side }, { name: `${side}.jpg`, type: 'image/jpeg', bytes: await testJpeg() });
  const { envelope } = await client.send('POST', '/v3/private/kyc/upload-document', undefined, body);
  const result = (envelope as Envelope<{ documentId: string } | null> | undefined)?.result;
  if (envelope?.ret_code !== 0 || !result) throw new Error(`upload failed: ${JSON.stringify(envelope)}`);
  return result.documentId;
}
