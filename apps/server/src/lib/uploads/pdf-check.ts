/**
 * A structural check of an uploaded PDF (proof of address), not a sanitiser: the file is stored as sent
 * if it passes. It refuses what a PDF reader could execute or hand to the system — JavaScript, launch
 * actions, embedded files, rich media, XFA forms — and encrypted files, whose objects cannot be
 * checked. Names are compared after decoding `#xx` escapes (`/J#61vaScript` is `/JavaScript`), and
 * Flate-compressed streams (object streams hide dictionaries there) are inflated, within a budget, and
 * checked too. Streams under other filters are not looked into. Rewriting PDFs (e.g. rasterising to
 * images, or qpdf/pdf.js based re-serialisation) is future work; see docs/architecture.md.
 */
import { constants, inflateSync } from 'node:zlib';

export type PdfVerdict = { ok: true } | { ok: false; reason: 'corrupt' | 'active-content'; detail: string };

/** Names whose presence anywhere refuses the file. */
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

/** At most this many bytes inflated in total from the file's streams (a Flate bomb is refused). */
const INFLATE_BUDGET = 64 * 1024 * 1024;

const NAME = /\/([^\s/<>[\]()%{}]+)/g;

function activeName(text: string): string | undefined {
  for (const match of text.matchAll(NAME)) {
    const raw = match[1] ?? '';
    const name = raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    if (ACTIVE_NAMES.has(name)) return name;
  }
  return undefined;
}

export function checkPdf(bytes: Buffer): PdfVerdict {
  const text = bytes.toString('latin1');
  if (!/^%PDF-[12]\.\d/.test(text)) return { ok: false, reason: 'corrupt', detail: 'no PDF header' };
  if (!text.slice(-1024).includes('%%EOF'))
    return { ok: false, reason: 'corrupt', detail: 'no %%EOF trailer' };
  if (!/\btrailer\b|\/Type\s*\/XRef\b/.test(text) || !/\bstartxref\s+\d+/.test(text))
    return { ok: false, reason: 'corrupt', detail: 'no trailer or cross-reference' };

  const found = activeName(text);
  if (found) return { ok: false, reason: 'active-content', detail: `/${found}` };

  let budget = INFLATE_BUDGET;
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(text); match; match = streams.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) return { ok: false, reason: 'corrupt', detail: 'unterminated stream' };
    streams.lastIndex = end + 'endstream'.length;
    // The stream's dictionary lies between its object's "N G obj" and the stream keyword.
    const dictionary = text.slice(
      Math.max(0, text.lastIndexOf('obj', match.index), match.index - 4096),
      match.index,
    );
    if (!/\/FlateDecode\b|\/Fl\b/.test(dictionary)) continue;
    let inflated: Buffer;
    try {
      // Sync flush: a stream cut short still yields what a lenient reader would see.
      inflated = inflateSync(bytes.subarray(start, end), {
        maxOutputLength: budget,
        finishFlush: constants.Z_SYNC_FLUSH,
      });
    } catch (error) {
      // Over budget (a Flate bomb) or not Flate at all: readers may still recover part of it, so refuse.
      return {
        ok: false,
        reason: 'corrupt',
        detail: `compressed stream unreadable: ${(error as Error).message}`,
      };
    }
    budget -= inflated.length;
    const hidden = activeName(inflated.toString('latin1'));
    if (hidden) return { ok: false, reason: 'active-content', detail: `/${hidden} in a compressed stream` };
  }
  return { ok: true };
}
