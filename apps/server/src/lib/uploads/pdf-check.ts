/**
 * An uploaded PDF (proof of address) is judged and then rewritten (issue 11):
 *
 * 1. A quick look at the bytes: a PDF header, a trailer, %%EOF; names anywhere in the text and in every
 *    zlib stream (whatever its dictionary says, so a /Filter given by reference hides nothing), `#xx`
 *    escapes undone and NUL read as the delimiter it is; the inflating stops at a budget (Flate bombs).
 * 2. A real parser (pdf-lib): every object, object streams included and parsed again once every /Filter
 *    can be resolved, every stream decoded; refused are JavaScript, Launch, GoToR/GoToE, URI,
 *    SubmitForm/ImportData, embedded files, rich media, XFA, /AA anywhere, an /OpenAction that is an
 *    action, and encryption (its objects cannot be judged). See pdf-objects.ts.
 * 3. What is stored is a new document holding only the pages (their boxes, rotation, resources and
 *    content), copied by pdf-lib: no catalog entries (OpenAction, Names, AcroForm, Outlines), no
 *    annotations, no page actions or metadata survive, whatever 1 and 2 missed.
 */
import { constants, inflateSync } from 'node:zlib';
import { PDFDocument, PDFName } from 'pdf-lib';
import {
  DECODE_BUDGET,
  PdfProblem,
  nameOf,
  refuseActiveContent,
  reparseObjectStreams,
} from './pdf-objects.ts';

export type PdfVerdict =
  { ok: true; bytes: Buffer } | { ok: false; reason: 'corrupt' | 'active-content'; detail: string };

/** Names whose presence in the text (or a zlib stream's text) refuses the file before parsing. */
const ACTIVE_NAMES = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'XFA',
  'Encrypt',
  'ImportData',
  'SubmitForm',
]);

/** The page entries a copy keeps; everything else (Annots, AA, Metadata, PieceInfo…) is left behind. */
const PAGE_KEYS = new Set([
  'Type',
  'Parent',
  'MediaBox',
  'CropBox',
  'BleedBox',
  'TrimBox',
  'ArtBox',
  'Rotate',
  'UserUnit',
  'Resources',
  'Contents',
  'Group',
]);

// PDF delimiters and whitespace end a name; NUL is whitespace in PDF (`/JavaScript\0` is /JavaScript).
// eslint-disable-next-line no-control-regex -- NUL is the point
const NAME = /\/([^\s\u0000/<>[\]()%{}]+)/g;
/** The two bytes a zlib stream starts with (CMF 0x78 and a FLG of the common levels). */
// eslint-disable-next-line no-control-regex -- binary bytes are the point
const ZLIB_HEADER = /^\x78[\x01\x5e\x9c\xda]/;

/** LZW (obsolete since PDF 1.2): pdf-lib would decode an object stream under it without a budget. */
const UNBOUNDED_FILTERS = new Set(['LZWDecode', 'LZW']);

function activeName(text: string): string | undefined {
  for (const match of text.matchAll(NAME)) {
    const name = (match[1] ?? '').replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    if (ACTIVE_NAMES.has(name)) return name;
    if (UNBOUNDED_FILTERS.has(name)) throw new PdfProblem('corrupt', `unsupported stream filter /${name}`);
  }
  return undefined;
}

/** Step 1: the bytes as text, and every zlib stream inflated within the budget. */
function scanBytes(bytes: Buffer, text: string, budget: { left: number }): void {
  const found = activeName(text);
  if (found) throw new PdfProblem('active-content', `/${found}`);
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(text); match; match = streams.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) throw new PdfProblem('corrupt', 'unterminated stream');
    streams.lastIndex = end + 'endstream'.length;
    // The stream's dictionary lies between its object's "N G obj" and the stream keyword.
    const dictionary = text.slice(Math.max(0, match.index - 4096), match.index);
    const own = dictionary.slice(Math.max(0, dictionary.lastIndexOf('obj')));
    const declaredFlate = /\/FlateDecode\b|\/Fl\b/.test(own);
    if (!declaredFlate && !ZLIB_HEADER.test(text.slice(start, start + 2))) continue;
    let inflated: Buffer;
    try {
      inflated = inflateSync(bytes.subarray(start, end), {
        maxOutputLength: budget.left,
        finishFlush: constants.Z_SYNC_FLUSH,
      });
    } catch (error) {
      // Over budget (a bomb), or not Flate at all although it says so: readers may recover part of it.
      // Data that merely starts like zlib (the filter given by reference, or none) may be anything else.
      const overBudget = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
      if (!declaredFlate && !overBudget) continue;
      throw new PdfProblem('corrupt', `compressed stream unreadable: ${(error as Error).message}`);
    }
    budget.left -= inflated.length;
    const hidden = activeName(inflated.toString('latin1'));
    if (hidden) throw new PdfProblem('active-content', `/${hidden} in a compressed stream`);
  }
}

/** Step 2's parse (exported for the tests of each step alone). */
export async function parsePdf(bytes: Buffer): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(bytes, { throwOnInvalidObject: false, updateMetadata: false });
  } catch (error) {
    if ((error as Error).name === 'EncryptedPDFError') throw new PdfProblem('active-content', '/Encrypt');
    throw new PdfProblem('corrupt', `unreadable: ${(error as Error).message}`);
  }
}

/** Step 3: a new document holding the pages only. */
export async function pagesOnly(source: PDFDocument): Promise<Buffer> {
  const pages = source.getPages();
  if (pages.length === 0) throw new PdfProblem('corrupt', 'no pages');
  for (const page of pages)
    for (const key of page.node.keys()) if (!PAGE_KEYS.has(nameOf(key))) page.node.delete(key);
  const copy = await PDFDocument.create({ updateMetadata: false });
  for (const page of await copy.copyPages(source, source.getPageIndices())) copy.addPage(page);
  copy.catalog.delete(PDFName.of('Metadata'));
  return Buffer.from(await copy.save({ useObjectStreams: false, updateFieldAppearances: false }));
}

/** Judges an uploaded PDF; when it passes, `bytes` is the rewritten copy to store. */
export async function checkPdf(bytes: Buffer): Promise<PdfVerdict> {
  const text = bytes.toString('latin1');
  if (!/^%PDF-[12]\.\d/.test(text)) return { ok: false, reason: 'corrupt', detail: 'no PDF header' };
  if (!text.slice(-1024).includes('%%EOF'))
    return { ok: false, reason: 'corrupt', detail: 'no %%EOF trailer' };
  if (!/\btrailer\b|\/Type\s*\/XRef\b/.test(text) || !/\bstartxref\s+\d+/.test(text))
    return { ok: false, reason: 'corrupt', detail: 'no trailer or cross-reference' };
  try {
    const budget = { left: DECODE_BUDGET };
    scanBytes(bytes, text, budget);
    const document = await parsePdf(bytes);
    await reparseObjectStreams(document.context, { left: DECODE_BUDGET });
    refuseActiveContent(document.context);
    return { ok: true, bytes: await pagesOnly(document) };
  } catch (error) {
    if (error instanceof PdfProblem) return { ok: false, reason: error.reason, detail: error.message };
    return { ok: false, reason: 'corrupt', detail: `unreadable: ${(error as Error).message}` };
  }
}
