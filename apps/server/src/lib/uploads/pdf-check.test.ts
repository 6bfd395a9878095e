import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { AppError } from '../app-error.ts';
import { hostilePdfs } from './hostile-corpus.ts';
import { inspectUpload } from './inspect-upload.ts';
import { pagesOnly, parsePdf } from './pdf-check.ts';
import { DECODE_BUDGET, PdfProblem, refuseActiveContent, reparseObjectStreams } from './pdf-objects.ts';

async function refused(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => expect.unreachable(`accepted; expected ${code}`),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
}

/** Issue 11: each of the three steps of pdf-check.ts stops the hostile corpus on its own. */
describe('PDF check, step by step', () => {
  it.each(Object.entries(hostilePdfs()))(
    'when a PDF hides active content (%s), then the parser alone refuses it, and the rewritten copy would hold none',
    async (_name, file) => {
      await refused(inspectUpload(file, { allowPdf: true }), 'UPLOAD_PDF_ACTIVE_CONTENT');
      // Step 2 on its own (without the scan of the bytes): the parsed objects give it away.
      const document = await parsePdf(file);
      await reparseObjectStreams(document.context, { left: DECODE_BUDGET });
      expect(() => refuseActiveContent(document.context)).toThrow(PdfProblem);
      // Step 3 on its own: the pages-only copy holds nothing active, by bytes and by objects.
      const copy = await pagesOnly(await parsePdf(file));
      expect(copy.toString('latin1')).not.toMatch(
        /JavaScript|\/JS\b|\/AA\b|\/URI|\/Launch|\/GoToR|\/XFA|\/Annots|\/EmbeddedFile/,
      );
      const reread = await parsePdf(copy);
      expect(() => refuseActiveContent(reread.context)).not.toThrow();
    },
  );

  it('when a PDF is made by a PDF library with object streams, then it passes and keeps its page', async () => {
    const made = await PDFDocument.create();
    made.addPage([595, 842]).drawText('Utility bill', { x: 50, y: 780, size: 14 });
    const bytes = Buffer.from(await made.save({ useObjectStreams: true }));
    const upload = await inspectUpload(bytes, { allowPdf: true });
    expect((await PDFDocument.load(upload.bytes)).getPage(0).getSize()).toEqual({ width: 595, height: 842 });
  });
});
