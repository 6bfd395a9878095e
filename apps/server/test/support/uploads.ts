/** Uploading test images through the real upload-document endpoint, as the SPA's FormData does. */
import sharp from 'sharp';
import type { Envelope } from '@kyc/contracts';
import type { TestClient } from './test-app.ts';

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

export const testJpeg = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 200 } } })
    .jpeg({ quality: 80 })
    .toBuffer();

/** Uploads a JPEG as this side; answers the document id (throws if the upload is refused). */
export async function uploadedDocument(client: TestClient, side: string): Promise<string> {
  const body = multipartBody({ side }, { name: `${side}.jpg`, type: 'image/jpeg', bytes: await testJpeg() });
  const { envelope } = await client.send('POST', '/v3/private/kyc/upload-document', undefined, body);
  const result = (envelope as Envelope<{ documentId: string } | null> | undefined)?.result;
  if (envelope?.ret_code !== 0 || !result) throw new Error(`upload failed: ${JSON.stringify(envelope)}`);
  return result.documentId;
}
