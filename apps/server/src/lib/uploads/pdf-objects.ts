/**
 * What a PDF holds, object by object, as a reader would see it (issue 11). pdf-lib parses the file;
 * this module then (1) decodes every stream itself, resolving /Filter however it is written (a name, an
 * array, an indirect reference, `#xx`-escaped), within one budget of decoded bytes, (2) parses from
 * those bytes every object stream pdf-lib could not read at load time (a /Filter given by reference to
 * a later object, or spelt in a way pdf-lib does not read), so their objects are judged too, and
 * (3) walks every object for active content.
 *
 * Names are compared after undoing `#xx` escapes in either case (pdf-lib itself decodes upper-case hex
 * only), so `/J#61vaScript`, `/Open#41cti#6fn` and friends are what a reader takes them for.
 */
import { constants, inflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFDict,
  PDFInvalidObject,
  PDFName,
  PDFObjectParser,
  PDFObjectStreamParser,
  PDFRawStream,
  PDFRef,
  decodePDFRawStream,
  type PDFContext,
  type PDFObject,
} from 'pdf-lib';

export class PdfProblem extends Error {
  constructor(
    readonly reason: 'corrupt' | 'active-content',
    detail: string,
  ) {
    super(detail);
  }
}

/** Keys whose presence anywhere refuses the file: scripts, automatic actions, forms, attachments. */
const ACTIVE_KEYS = new Set([
  'JS',
  'JavaScript',
  'AA',
  'XFA',
  'EmbeddedFiles',
  'EF',
  'RichMediaContent',
  'Encrypt',
]);
/** Name values (an action's /S, an annotation's /Subtype, a /Type) that refuse the file. */
const ACTIVE_VALUES = new Set([
  'JavaScript',
  'Launch',
  'GoToR',
  'GoToE',
  'URI',
  'SubmitForm',
  'ImportData',
  'EmbeddedFile',
  'RichMedia',
  'RichMediaExecute',
  'Rendition',
  'Movie',
  'Sound',
  '3D',
]);
/** Filters whose data is an image: not decoded, nothing in them is PDF syntax. */
const IMAGE_FILTERS = new Set(['DCTDecode', 'DCT', 'JPXDecode', 'CCITTFaxDecode', 'CCF', 'JBIG2Decode']);

/** At most this many bytes decoded in total from the file's streams (a decompression bomb is refused). */
export const DECODE_BUDGET = 64 * 1024 * 1024;

/** A name as a reader reads it: every `#xx` escape undone, whatever the case of its hex digits. */
export function nameOf(name: PDFName): string {
  const bytes = Buffer.from(name.asBytes()).toString('latin1');
  return bytes.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function filtersOf(context: PDFContext, stream: PDFRawStream): string[] {
  const filter = context.lookup(stream.dict.get(PDFName.of('Filter')));
  const list = filter instanceof PDFArray ? filter.asArray().map((item) => context.lookup(item)) : [filter];
  return list.flatMap((item) => {
    if (item === undefined) return [];
    if (item instanceof PDFName) return [nameOf(item)];
    throw new PdfProblem('corrupt', 'a stream filter is not a name');
  });
}

function decodeWithPdfLib(context: PDFContext, filter: string, data: Uint8Array): Buffer {
  const stream = PDFRawStream.of(context.obj({ Filter: filter }), data);
  return Buffer.from(decodePDFRawStream(stream).decode());
}

/** PDF's RunLength: bounded by `budget` (128 bytes out for 2 in would otherwise go unchecked). */
function runLength(data: Uint8Array, budget: number): Buffer {
  const out: number[] = [];
  for (let i = 0; i < data.length;) {
    const length = data[i++] ?? 128;
    if (length === 128) break;
    if (length < 128) {
      for (let j = 0; j <= length && i < data.length; j += 1) out.push(data[i++] ?? 0);
    } else {
      const byte = data[i++] ?? 0;
      for (let j = 0; j < 257 - length; j += 1) out.push(byte);
    }
    if (out.length > budget)
      throw new PdfProblem('corrupt', 'a compressed stream inflates beyond the budget');
  }
  return Buffer.from(out);
}

/** Decodes a stream as a reader would; `undefined` for image data. Spends from `budget.left`. */
export function decodeStream(
  context: PDFContext,
  stream: PDFRawStream,
  budget: { left: number },
): Buffer | undefined {
  let data: Buffer = Buffer.from(stream.contents);
  for (const filter of filtersOf(context, stream)) {
    if (IMAGE_FILTERS.has(filter)) return undefined;
    if (filter === 'FlateDecode' || filter === 'Fl') {
      try {
        // Sync flush: a stream cut short still yields what a lenient reader would see.
        data = inflateSync(data, { maxOutputLength: budget.left, finishFlush: constants.Z_SYNC_FLUSH });
      } catch (error) {
        throw new PdfProblem('corrupt', `compressed stream unreadable: ${(error as Error).message}`);
      }
    } else if (filter === 'ASCIIHexDecode' || filter === 'AHx') {
      data = decodeWithPdfLib(context, 'ASCIIHexDecode', data);
    } else if (filter === 'ASCII85Decode' || filter === 'A85') {
      data = decodeWithPdfLib(context, 'ASCII85Decode', data);
    } else if (filter === 'RunLengthDecode' || filter === 'RL') {
      data = runLength(data, budget.left);
    } else {
      // LZW (obsolete since PDF 1.2; its expansion cannot be bounded cheaply), Crypt, or unknown.
      throw new PdfProblem('corrupt', `unsupported stream filter /${filter}`);
    }
    budget.left -= data.length;
    if (budget.left < 0) throw new PdfProblem('corrupt', 'compressed stream unreadable: over the budget');
  }
  return data;
}

/**
 * The object stream in `object`, if it is one. pdf-lib keeps none in its context when it could parse
 * them (their objects are there instead); one it could not parse at load time (its /Filter not yet
 * resolvable, or written in a way pdf-lib does not read) is left as an invalid object, read again here
 * now that every other object is known. Any other unreadable object refuses the file.
 */
function objectStreamIn(context: PDFContext, object: PDFObject): PDFRawStream | undefined {
  let candidate: PDFObject = object;
  if (object instanceof PDFInvalidObject) {
    const raw = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(raw, 0);
    try {
      candidate = PDFObjectParser.forBytes(raw, context).parseObject();
    } catch {
      throw new PdfProblem('corrupt', 'an object cannot be read');
    }
  }
  const type =
    candidate instanceof PDFRawStream ? context.lookup(candidate.dict.get(PDFName.of('Type'))) : undefined;
  const isObjectStream = type instanceof PDFName && nameOf(type) === 'ObjStm';
  if (object instanceof PDFInvalidObject && !isObjectStream)
    throw new PdfProblem('corrupt', 'an object cannot be read');
  return isObjectStream ? (candidate as PDFRawStream) : undefined;
}

/** Every object stream pdf-lib could not parse, parsed from the bytes this module decoded, into the context. */
export async function reparseObjectStreams(context: PDFContext, budget: { left: number }): Promise<void> {
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    const stream = objectStreamIn(context, object);
    if (!stream) continue;
    const decoded = decodeStream(context, stream, budget);
    if (!decoded) throw new PdfProblem('corrupt', 'an object stream under an image filter');
    const dict = stream.dict.clone(context);
    dict.delete(PDFName.of('Filter'));
    dict.delete(PDFName.of('DecodeParms'));
    try {
      await PDFObjectStreamParser.forStream(PDFRawStream.of(dict, decoded)).parseIntoContext();
    } catch (error) {
      throw new PdfProblem('corrupt', `object stream unreadable: ${(error as Error).message}`);
    }
    context.delete(ref);
  }
}

/** The first active thing found in `object` (not following references: each object is visited alone). */
function activeIn(context: PDFContext, object: PDFObject | undefined, depth = 0): string | undefined {
  if (depth > 64) return 'nesting too deep';
  if (object instanceof PDFName) {
    const name = nameOf(object);
    return ACTIVE_VALUES.has(name) ? `/${name}` : undefined;
  }
  if (object instanceof PDFArray) {
    for (const item of object.asArray()) {
      const found = activeIn(context, item, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  const dict = object instanceof PDFRawStream ? object.dict : object instanceof PDFDict ? object : undefined;
  if (!dict) return undefined;
  for (const [key, value] of dict.entries()) {
    const name = nameOf(key);
    if (ACTIVE_KEYS.has(name)) return `/${name}`;
    // An /OpenAction may be a destination (an array); an action dictionary other than GoTo is refused.
    if (name === 'OpenAction') {
      const action = value instanceof PDFRef ? context.lookup(value) : value;
      const kind = action instanceof PDFDict ? action.get(PDFName.of('S')) : undefined;
      if (action instanceof PDFDict && !(kind instanceof PDFName && nameOf(kind) === 'GoTo'))
        return '/OpenAction with an action';
    }
    const found = activeIn(context, value, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Throws a PdfProblem for the first object holding active content. */
export function refuseActiveContent(context: PDFContext): void {
  const trailer = context.trailerInfo;
  if (trailer.Encrypt) throw new PdfProblem('active-content', '/Encrypt');
  for (const [, object] of context.enumerateIndirectObjects()) {
    const found = activeIn(context, object);
    if (found) throw new PdfProblem('active-content', found);
  }
}
