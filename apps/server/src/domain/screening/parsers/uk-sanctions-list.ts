/**
 * The UK Sanctions List XML (FCDO; the only UK list since 28 January 2026): Designations with
 * DateGenerated (dd/mm/yyyy), Designation with UniqueID, IndividualEntityShip (Individual, Entity, Ship),
 * RegimeName, Names/Name (Name1…Name5 given names, Name6 the family or entity name, NameType "Primary
 * Name" / "Primary Name Variation" / "Alias", AliasStrength "Low quality" for a weak alias),
 * NonLatinNames/NonLatinName (NameNonLatinScript, NonLatinScriptType), IndividualDetails/Individual with
 * DOBs/DOB ("dd/mm/1950" when only the year is known) and Nationalities/Nationality (country names).
 */
import { parseBirthDate } from '../birth-dates.ts';
import { toIso2List } from '../countries.ts';
import {
  entryName,
  joinParts,
  type EntryKind,
  type EntryName,
  type ListEntry,
  type ParsedList,
} from '../entry.ts';
import { streamXml } from '../xml-stream.ts';

const KINDS: Record<string, EntryKind> = { individual: 'individual', entity: 'entity', ship: 'vessel' };
const SCRIPTS: Record<string, string> = { cyrillic: 'Cyrl', arabic: 'Arab', chinese: 'Hani', korean: 'Hang' };

interface Draft {
  fields: Record<string, string>;
  names: EntryName[];
  dates: string[];
  nationalities: string[];
  regimes: string[];
}

function ukDate(text: string | undefined): string | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(text ?? '');
  return match ? `${match[3]}-${match[2]}-${match[1]}` : undefined;
}

export async function parseUkSanctionsList(
  chunks: AsyncIterable<string>,
  listId: string,
): Promise<ParsedList> {
  const entries: ListEntry[] = [];
  let publishedAt: string | undefined;
  let draft: Draft | undefined;
  let group: Record<string, string> = {};

  await streamXml(chunks, {
    open(name) {
      if (name === 'Designation')
        draft = { fields: {}, names: [], dates: [], nationalities: [], regimes: [] };
      else if (name === 'Name' || name === 'NonLatinName') group = {};
    },
    close(name, text, parents) {
      const parent = parents[parents.length - 1] ?? '';
      if (name === 'DateGenerated') publishedAt = ukDate(text);
      if (!draft) return;
      if (parent === 'Name' || parent === 'NonLatinName') group[name] = text;
      else if (parent === 'Designation') draft.fields[name] = text;
      if (name === 'RegimeName' && text) draft.regimes.push(text);
      else if (name === 'DOB' && text) draft.dates.push(text);
      else if (name === 'Nationality' && text) draft.nationalities.push(text);
      else if (name === 'Name' && parent === 'Names') {
        const parts: Record<string, string> = {};
        for (const key of ['Name1', 'Name2', 'Name3', 'Name4', 'Name5', 'Name6'])
          if (group[key]) parts[key] = group[key];
        const full = joinParts(group.Name1, group.Name2, group.Name3, group.Name4, group.Name5, group.Name6);
        const weak = /low/i.test(group.AliasStrength ?? '');
        if (full) draft.names.push(entryName(full, weak, { parts }));
      } else if (name === 'NonLatinName' && group.NameNonLatinScript) {
        const script = SCRIPTS[(group.NonLatinScriptType ?? '').toLowerCase()];
        draft.names.push(entryName(group.NameNonLatinScript, false, script ? { script } : {}));
      } else if (name === 'Designation') {
        entries.push(toEntry(listId, draft));
        draft = undefined;
      }
    },
  });
  const metadata: ParsedList['metadata'] = { format: 'uk-sanctions-list', entryCount: entries.length };
  if (publishedAt) metadata.publishedAt = publishedAt;
  return { metadata, entries };
}

function toEntry(listId: string, draft: Draft): ListEntry {
  const f = draft.fields;
  const entry: ListEntry = {
    listId,
    entryId: f.UniqueID ?? '',
    kind: KINDS[(f.IndividualEntityShip ?? '').toLowerCase()] ?? 'unknown',
    names: draft.names,
    datesOfBirth: draft.dates.map(parseBirthDate).filter((date) => date !== undefined),
    nationalities: toIso2List(draft.nationalities),
    programmes: draft.regimes,
    category: 'sanctions',
  };
  if (f.OtherInformation) entry.remarks = f.OtherInformation;
  return entry;
}
