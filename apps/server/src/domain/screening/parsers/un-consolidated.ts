/**
 * The UN Security Council consolidated list (CONSOLIDATED_LIST, dateGenerated on the root): INDIVIDUALS /
 * INDIVIDUAL with FIRST_NAME…FOURTH_NAME, NAME_ORIGINAL_SCRIPT, INDIVIDUAL_ALIAS (QUALITY "Good" or "Low"),
 * INDIVIDUAL_DATE_OF_BIRTH (TYPE_OF_DATE EXACT with DATE, APPROXIMATELY with YEAR, BETWEEN with
 * FROM_YEAR / TO_YEAR), NATIONALITY/VALUE; ENTITIES / ENTITY with ENTITY_ALIAS. The programme is
 * UN_LIST_TYPE (the sanctions committee); the entry id is DATAID, the remarks COMMENTS1.
 */
import { birthDate, birthRange, parseBirthDate } from '../birth-dates.ts';
import { toIso2List } from '../countries.ts';
import { entryName, joinParts, type BirthDate, type ListEntry, type ParsedList } from '../entry.ts';
import { streamXml } from '../xml-stream.ts';

interface Draft {
  fields: Record<string, string>;
  aliases: { name: string; quality: string }[];
  dates: BirthDate[];
  nationalities: string[];
}

export async function parseUnConsolidated(
  chunks: AsyncIterable<string>,
  listId: string,
): Promise<ParsedList> {
  const entries: ListEntry[] = [];
  let publishedAt: string | undefined;
  let draft: Draft | undefined;
  let group: Record<string, string> = {};

  await streamXml(chunks, {
    open(name, attributes) {
      if (name === 'CONSOLIDATED_LIST' && attributes.dateGenerated) publishedAt = attributes.dateGenerated;
      else if (name === 'INDIVIDUAL' || name === 'ENTITY')
        draft = { fields: {}, aliases: [], dates: [], nationalities: [] };
      else if (/^(INDIVIDUAL|ENTITY)_(ALIAS|DATE_OF_BIRTH)$/.test(name)) group = {};
    },
    close(name, text, parents) {
      if (!draft) return;
      const parent = parents[parents.length - 1] ?? '';
      if (/_ALIAS$/.test(parent) || parent === 'INDIVIDUAL_DATE_OF_BIRTH') group[name] = text;
      else if (parent === 'NATIONALITY' && name === 'VALUE') draft.nationalities.push(text);
      else if (parent === 'INDIVIDUAL' || parent === 'ENTITY') draft.fields[name] = text;

      if (/_ALIAS$/.test(name) && group.ALIAS_NAME) {
        draft.aliases.push({ name: group.ALIAS_NAME, quality: group.QUALITY ?? '' });
      } else if (name === 'INDIVIDUAL_DATE_OF_BIRTH') {
        const date = unDate(group);
        if (date) draft.dates.push(date);
      } else if (name === 'INDIVIDUAL' || name === 'ENTITY') {
        entries.push(toEntry(listId, name === 'INDIVIDUAL' ? 'individual' : 'entity', draft));
        draft = undefined;
      }
    },
  });
  const metadata: ParsedList['metadata'] = { format: 'un-consolidated', entryCount: entries.length };
  if (publishedAt) metadata.publishedAt = publishedAt;
  return { metadata, entries };
}

function unDate(group: Record<string, string>): BirthDate | undefined {
  const type = (group.TYPE_OF_DATE ?? '').toUpperCase();
  if (type === 'BETWEEN') return birthRange(Number(group.FROM_YEAR), Number(group.TO_YEAR));
  const circa = type === 'APPROXIMATELY';
  if (group.DATE) {
    const date = parseBirthDate(group.DATE);
    return date && circa ? { ...date, circa } : date;
  }
  if (group.YEAR) return birthDate(Number(group.YEAR), undefined, undefined, circa);
  return undefined;
}

function toEntry(listId: string, kind: 'individual' | 'entity', draft: Draft): ListEntry {
  const f = draft.fields;
  const primary = joinParts(f.FIRST_NAME, f.SECOND_NAME, f.THIRD_NAME, f.FOURTH_NAME);
  const names = [entryName(primary, false)];
  if (f.NAME_ORIGINAL_SCRIPT) names.push(entryName(f.NAME_ORIGINAL_SCRIPT, false));
  for (const alias of draft.aliases) names.push(entryName(alias.name, alias.quality.toLowerCase() === 'low'));
  const entry: ListEntry = {
    listId,
    entryId: f.DATAID ?? f.REFERENCE_NUMBER ?? '',
    kind,
    names: names.filter((name) => name.full),
    datesOfBirth: draft.dates,
    nationalities: toIso2List(draft.nationalities),
    programmes: f.UN_LIST_TYPE ? [f.UN_LIST_TYPE] : [],
    category: 'sanctions',
  };
  if (f.COMMENTS1) entry.remarks = f.COMMENTS1;
  return entry;
}
