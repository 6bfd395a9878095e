/**
 * Reads one list file of any supported format: the first chunks are held until the format can be told from
 * the content (sniff.ts), then the whole stream goes to that format's parser. A file no parser recognises,
 * or one that parses to no entry, is an error: the caller keeps its last good copy (issue 18).
 */
import type { ListFormat, ParsedList } from './entry.ts';
import { parseEuFsf } from './parsers/eu-fsf.ts';
import { parseOfacSdnAdvanced } from './parsers/ofac-sdn-advanced.ts';
import { parseOfacSdn } from './parsers/ofac-sdn.ts';
import { parseOperatorCsv } from './parsers/operator-csv.ts';
import { parseUkSanctionsList } from './parsers/uk-sanctions-list.ts';
import { parseUnConsolidated } from './parsers/un-consolidated.ts';
import { sniffFormat } from './sniff.ts';
import { decodeChunks } from './xml-stream.ts';

const PARSERS: Record<ListFormat, (chunks: AsyncIterable<string>, listId: string) => Promise<ParsedList>> = {
  'ofac-sdn': parseOfacSdn,
  'ofac-sdn-advanced': parseOfacSdnAdvanced,
  'un-consolidated': parseUnConsolidated,
  'eu-fsf': parseEuFsf,
  'uk-sanctions-list': parseUkSanctionsList,
  'operator-csv': parseOperatorCsv,
};

/** How much of the start is enough to find the root element past a long prolog or comment. */
const SNIFF_CHARS = 4096;

export class ListFormatError extends Error {}

export async function readList(
  input: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  listId: string,
): Promise<ParsedList> {
  const iterator = decodeChunks(input)[Symbol.asyncIterator]();
  const held: string[] = [];
  let prefix = '';
  let done = false;
  while (prefix.length < SNIFF_CHARS) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    held.push(next.value);
    prefix += next.value;
  }
  const format = sniffFormat(prefix);
  if (!format)
    throw new ListFormatError(
      `list ${listId}: not a format we read (${JSON.stringify(prefix.slice(0, 60))})`,
    );
  async function* replay(): AsyncGenerator<string> {
    yield* held;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  const list = await PARSERS[format](replay(), listId);
  if (list.entries.length === 0) throw new ListFormatError(`list ${listId}: ${format} with no entries`);
  return list;
}
