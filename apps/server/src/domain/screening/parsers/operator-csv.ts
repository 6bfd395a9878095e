/**
 * The operator's own list (PEPs it knows of, internal block lists): a CSV with the header name, aliases
 * (semicolon-separated), date_of_birth (YYYY-MM-DD, YYYY-MM, YYYY or "circa YYYY"), nationality (ISO
 * alpha-2 or a country name, several separated by semicolons), category (sanctions, pep or internal) and
 * reference (the operator's id). Read with csv-parse (quoting, BOM, CRLF); a row with an unknown
 * category is refused with its line number rather than screened as the wrong kind of list.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { parseBirthDate } from '../birth-dates.ts';
import { toIso2List } from '../countries.ts';
import { entryName, type ListCategory, type ListEntry, type ParsedList } from '../entry.ts';

const CATEGORIES: ListCategory[] = ['sanctions', 'pep', 'internal'];

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(';')
    .map((item) => item.trim())
    .filter(Boolean);
}

export async function parseOperatorCsv(chunks: AsyncIterable<string>, listId: string): Promise<ParsedList> {
  const parser = Readable.from(chunks).pipe(
    parse({
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      trim: true,
      skip_empty_lines: true,
    }),
  );
  const entries: ListEntry[] = [];
  let line = 1;
  for await (const row of parser as AsyncIterable<Record<string, string>>) {
    line++;
    const category = (row.category ?? '').toLowerCase() as ListCategory;
    if (!CATEGORIES.includes(category))
      throw new Error(
        `operator CSV line ${line}: category "${row.category}" is not sanctions, pep or internal`,
      );
    if (!row.name) throw new Error(`operator CSV line ${line}: no name`);
    const dateOfBirth = parseBirthDate(row.date_of_birth);
    entries.push({
      listId,
      entryId: row.reference || `line-${line}`,
      // PEPs are people; a sanctions or internal row may be a company: the CSV does not say.
      kind: category === 'pep' ? 'individual' : 'unknown',
      names: [entryName(row.name, false), ...splitList(row.aliases).map((alias) => entryName(alias, false))],
      datesOfBirth: dateOfBirth ? [dateOfBirth] : [],
      nationalities: toIso2List(splitList(row.nationality)),
      programmes: [],
      category,
    });
  }
  return { metadata: { format: 'operator-csv', entryCount: entries.length }, entries };
}
