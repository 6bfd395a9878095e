/**
 * OFAC's SDN.XML (the Sanctions List Service export since 2024, and the older tempuri.org schema; the
 * element names are the same): sdnEntry with firstName/lastName, sdnType, programList, akaList (category
 * "weak" marks a low-quality a.k.a.), dateOfBirthList ("12 Mar 1964", "circa 1964", "1962 to 1964"),
 * nationalityList and citizenshipList (country names), remarks. Publish_Date is MM/DD/YYYY.
 */
import { parseBirthDate } from '../birth-dates.ts';
import { toIso2List } from '../countries.ts';
import { entryName, joinParts, type EntryKind, type ListEntry, type ParsedList } from '../entry.ts';
import { streamXml } from '../xml-stream.ts';

const KINDS: Record<string, EntryKind> = {
  individual: 'individual',
  entity: 'entity',
  vessel: 'vessel',
  aircraft: 'aircraft',
};

interface Draft {
  uid: string;
  firstName: string;
  lastName: string;
  sdnType: string;
  programmes: string[];
  akas: { firstName: string; lastName: string; category: string }[];
  dates: string[];
  countries: string[];
  remarks: string;
}

function usDate(text: string): string | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match?.[1] || !match[2]) return undefined;
  return `${match[3]}-${match[1].padStart(2, '0')}-${match[2].padStart(2, '0')}`;
}

function toEntry(listId: string, draft: Draft): ListEntry {
  const names = [entryName(joinParts(draft.firstName, draft.lastName), false, { parts: parts(draft) })];
  for (const aka of draft.akas) {
    const full = joinParts(aka.firstName, aka.lastName);
    if (full) names.push(entryName(full, aka.category.toLowerCase() === 'weak', { parts: parts(aka) }));
  }
  const entry: ListEntry = {
    listId,
    entryId: draft.uid,
    kind: KINDS[draft.sdnType.toLowerCase()] ?? 'unknown',
    names,
    datesOfBirth: draft.dates.map(parseBirthDate).filter((date) => date !== undefined),
    nationalities: toIso2List(draft.countries),
    programmes: draft.programmes,
    category: 'sanctions',
  };
  if (draft.remarks) entry.remarks = draft.remarks;
  return entry;
}

function parts(named: { firstName: string; lastName: string }): Record<string, string> {
  const result: Record<string, string> = {};
  if (named.firstName) result.firstName = named.firstName;
  if (named.lastName) result.lastName = named.lastName;
  return result;
}

export async function parseOfacSdn(chunks: AsyncIterable<string>, listId: string): Promise<ParsedList> {
  const entries: ListEntry[] = [];
  let publishedAt: string | undefined;
  let draft: Draft | undefined;
  let aka: Draft['akas'][number] | undefined;

  await streamXml(chunks, {
    open(name) {
      if (name === 'sdnEntry') {
        draft = {
          uid: '',
          firstName: '',
          lastName: '',
          sdnType: '',
          programmes: [],
          akas: [],
          dates: [],
          countries: [],
          remarks: '',
        };
      } else if (name === 'aka' && draft) aka = { firstName: '', lastName: '', category: '' };
    },
    close(name, text, parents) {
      const parent = parents[parents.length - 1];
      if (name === 'Publish_Date') publishedAt = usDate(text);
      if (!draft) return;
      if (parent === 'aka' && aka) {
        if (name === 'firstName' || name === 'lastName' || name === 'category') aka[name] = text;
        return;
      }
      if (parent === 'sdnEntry') {
        if (
          name === 'uid' ||
          name === 'firstName' ||
          name === 'lastName' ||
          name === 'sdnType' ||
          name === 'remarks'
        )
          draft[name] = text;
      }
      if (name === 'program' && text) draft.programmes.push(text);
      else if (name === 'dateOfBirth' && text) draft.dates.push(text);
      else if (name === 'country' && (parent === 'nationality' || parent === 'citizenship'))
        draft.countries.push(text);
      else if (name === 'aka' && aka) {
        draft.akas.push(aka);
        aka = undefined;
      } else if (name === 'sdnEntry') {
        entries.push(toEntry(listId, draft));
        draft = undefined;
      }
    },
  });
  const metadata: ParsedList['metadata'] = { format: 'ofac-sdn', entryCount: entries.length };
  if (publishedAt) metadata.publishedAt = publishedAt;
  return { metadata, entries };
}
