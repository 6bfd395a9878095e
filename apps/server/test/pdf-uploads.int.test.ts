import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { RET_CODES, type Envelope } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { multipartBody } from './support/uploads.ts';
import { TEST_MASTER_KEY, signedInClient, type TestClient } from './support/test-app.ts';
import { hostilePdfs, pdf } from '../src/lib/uploads/hostile-corpus.ts';
import { submissionsRepo } from '../src/data/repositories/submissions-repo.ts';
import { createKeyring, decryptBlob, unwrapDataKey } from '../src/lib/crypto/envelope.ts';
import { createFileBlobStore, readBlob } from '../src/lib/uploads/blob-store.ts';

type Uploaded = { documentId: string; mime: string; sha256: string; size: number };

/** A proof of address as a bank or utility would send it: text drawn by a PDF library, object streams on. */
async function statementPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([595, 842]);
  const font = await document.embedFont(StandardFonts.Helvetica);
  page.drawText('Utility bill, 1 High Street, London', { x: 50, y: 780, size: 14, font });
  return Buffer.from(await document.save({ useObjectStreams: true }));
}

/**
 * Issue 11: a proof-of-address PDF is judged by a real PDF parser that decodes every object and stream
 * (object streams included, whatever their /Filter is written as), and what is stored is a rewritten
 * copy holding the pages only — no actions, annotations, name trees, forms or attachments.
 */
describe.each(testDatabases())('PDF proof of address on $name', (testDb) => {
  const fixture = useAppFixture(testDb);

  async function uploadPoa(client: TestClient, bytes: Buffer) {
    const body = multipartBody({ side: 'poa' }, { name: 'bill.pdf', type: 'application/pdf', bytes });
    const { envelope } = await client.send('POST', '/v3/private/kyc/upload-document', undefined, body);
    return envelope as Envelope<Uploaded | null>;
  }

  /** The stored bytes of a document, decrypted. */
  async function storedBytes(documentId: string): Promise<Buffer> {
    const row = await fixture.database.db
      .selectFrom('kyc_documents')
      .selectAll()
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    const key = await submissionsRepo(fixture.database.db).findDataKey(Number(row.user_id));
    const dataKey = unwrapDataKey(
      createKeyring(Buffer.from(TEST_MASTER_KEY, 'base64')),
      Number(row.user_id),
      key?.wrappedKey ?? Buffer.alloc(0),
    );
    const onDisk = (await readBlob(createFileBlobStore(fixture.dataDir), row.blob_id)) ?? Buffer.alloc(0);
    const plain = decryptBlob(dataKey, onDisk, { userId: Number(row.user_id), objectId: row.id });
    expect(createHash('sha256').update(plain).digest('hex')).toBe(row.sha256);
    return plain;
  }

  it.each(Object.entries(hostilePdfs()))(
    'when the PDF hides active content (%s), then the upload is refused with 40005 and nothing is stored',
    async (_name, file) => {
      const client = await signedInClient(fixture.app, 'new@demo.test');
      const envelope = await uploadPoa(client, file);
      expect(envelope.ret_code).toBe(RET_CODES.UPLOAD_PDF_ACTIVE_CONTENT.code);
      expect(await fixture.database.db.selectFrom('kyc_documents').selectAll().execute()).toHaveLength(0);
    },
  );

  it('when a clean PDF is uploaded, then it is accepted and the stored copy holds the same pages and nothing else', async () => {
    const client = await signedInClient(fixture.app, 'new@demo.test');
    for (const original of [await statementPdf(), pdf()]) {
      const envelope = await uploadPoa(client, original);
      expect(envelope.ret_code).toBe(0);
      expect(envelope.result?.mime).toBe('application/pdf');
      const stored = await storedBytes(envelope.result?.documentId ?? '');
      const before = await PDFDocument.load(original);
      const after = await PDFDocument.load(stored);
      expect(after.getPageCount()).toBe(before.getPageCount());
      expect(after.getPage(0).getSize()).toEqual(before.getPage(0).getSize());
    }
  });

  it('when a clean PDF carries an internal link and an outline, then it is accepted and the copy drops them', async () => {
    const client = await signedInClient(fixture.app, 'new@demo.test');
    const original = pdf({
      catalog: '/Outlines 5 0 R /PageMode /UseOutlines',
      page: '/Annots [4 0 R]',
      objects: [
        '<< /Type /Annot /Subtype /Link /Rect [0 0 100 100] /Dest [3 0 R /Fit] >>',
        '<< /Type /Outlines /Count 0 >>',
      ],
    });
    const envelope = await uploadPoa(client, original);
    expect(envelope.ret_code).toBe(0);
    const copy = await PDFDocument.load(await storedBytes(envelope.result?.documentId ?? ''));
    expect(copy.getPage(0).node.get(PDFName.of('Annots'))).toBeUndefined();
    expect(copy.catalog.get(PDFName.of('Outlines'))).toBeUndefined();
  });
});
