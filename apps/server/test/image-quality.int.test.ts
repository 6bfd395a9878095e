/**
 * Issue 19, image quality on the server (docs/checks.md "Image quality"): through upload-document, on
 * SQLite and PostgreSQL, a blurred, blank, small, dark or glaring document side (or a small selfie) is
 * refused with its ret_code in the envelope and nothing is stored; a good one is accepted; a proof of
 * address is exempt. The SDK route runs the same use-case.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { multipartBody } from './support/uploads.ts';
import { signedInClient, type TestClient } from './support/test-app.ts';
import {
  blankPageJpeg,
  blurredDocumentJpeg,
  documentJpeg,
  exposedDocumentJpeg,
  glareDocumentJpeg,
  portraitJpeg,
} from '../src/domain/checks/quality/synthetic-images.ts';

function filesUnder(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe.each(testDatabases())('image quality of uploads on $name', (testDb) => {
  const fixture = useAppFixture(testDb);

  async function upload(client: TestClient, side: string, bytes: Buffer) {
    const body = multipartBody({ side }, { name: `${side}.jpg`, type: 'image/jpeg', bytes });
    const { envelope } = await client.send('POST', '/v3/private/kyc/upload-document', undefined, body);
    return envelope as Envelope<{ documentId: string } | null>;
  }

  const stored = async () => ({
    rows: (await fixture.database.db.selectFrom('kyc_documents').selectAll().execute()).length,
    blobs: filesUnder(path.join(fixture.dataDir, 'blobs')).length,
  });

  it('when a document side is blurred, blank, too small, too dark or glaring, or a selfie too small, then it is refused with its code and nothing is stored', async () => {
    const client = await signedInClient(fixture.app, 'new@demo.test');
    const cases: [string, Buffer, number][] = [
      ['front', await blurredDocumentJpeg(1200, 800, 6), 40007],
      ['back', await blankPageJpeg(), 40008],
      ['front', await documentJpeg(960, 640), 40006],
      ['front', await exposedDocumentJpeg(0.2), 63002],
      ['back', await glareDocumentJpeg(0.15), 63001],
      ['selfie', await portraitJpeg(450, 600), 63004],
      ['selfie', await exposedDocumentJpeg(0.25, 195), 63003],
    ];
    for (const [side, bytes, code] of cases) {
      const envelope = await upload(client, side, bytes);
      expect({ side, code: envelope.ret_code }).toEqual({ side, code });
      expect(envelope.result).toBeNull();
    }
    expect(await stored()).toEqual({ rows: 0, blobs: 0 });
  });

  it('when a good document side and selfie are uploaded, then both are stored; a proof of address is not held to the checks', async () => {
    const client = await signedInClient(fixture.app, 'new@demo.test');
    expect((await upload(client, 'front', await documentJpeg(1200, 800))).ret_code).toBe(0);
    expect((await upload(client, 'selfie', await portraitJpeg(480, 640))).ret_code).toBe(0);
    // A dim photo of a letter is a proof of address: exempt (so is a PDF).
    expect((await upload(client, 'poa', await exposedDocumentJpeg(0.2, 0, 600, 400))).ret_code).toBe(0);
    expect(await stored()).toEqual({ rows: 3, blobs: 3 });
  });
});
