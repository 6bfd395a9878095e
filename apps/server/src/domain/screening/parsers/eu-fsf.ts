/**
 * The EU Financial Sanctions File (FSF XML 1.1, root `export` with generationDate): sanctionEntity
 * (logicalId, euReferenceNumber) with subjectType code "person" or "enterprise", nameAlias (wholeName or
 * firstName/middleName/lastName, strong="false" for a weak alias, nameLanguage), birthdate (birthdate,
 * year / monthOfYear / dayOfMonth, circa, yearRangeFrom / yearRangeTo), citizenship countryIso2Code,
 * regulation programme, remark. Everything is in attributes.
 */
import { birthDate, birthRange, parseBirthDate } from '../birth-dates.ts';
import { toIso2 } from '../countries.ts';
import { entryName, joinParts, type BirthDate, type ListEntry, type ParsedList } from '../entry.ts';
import { streamXml } from '../xml-stream.ts';

function euBirthDate(a: Record<string, string>): BirthDate | undefined {
  const circa = a.circa === 'true';
  if (a.yearRangeFrom && a.yearRangeTo) return birthRange(Number(a.yearRangeFrom), Number(a.yearRangeTo));
  if (a.birthdate) {
    const date = parseBirthDate(a.birthdate);
    return date && circa ? { ...date, circa } : date;
  }
  if (a.year)
    return birthDate(
      Number(a.year),
      Number(a.monthOfYear) || undefined,
      Number(a.dayOfMonth) || undefined,
      circa,
    );
  return undefined;
}

export async function parseEuFsf(chunks: AsyncIterable<string>, listId: string): Promise<ParsedList> {
  const entries: ListEntry[] = [];
  let publishedAt: string | undefined;
  let entry: ListEntry | undefined;

  await streamXml(chunks, {
    open(name, a, parents) {
      if (name === 'export' && a.generationDate) publishedAt = a.generationDate;
      else if (name === 'sanctionEntity')
        entry = {
          listId,
          entryId: a.logicalId ?? a.euReferenceNumber ?? '',
          kind: 'unknown',
          names: [],
          datesOfBirth: [],
          nationalities: [],
          programmes: [],
          category: 'sanctions',
        };
      if (!entry || parents[parents.length - 1] !== 'sanctionEntity') return;
      if (name === 'subjectType')
        entry.kind = a.code === 'person' ? 'individual' : a.code === 'enterprise' ? 'entity' : 'unknown';
      else if (name === 'nameAlias') {
        const full = a.wholeName || joinParts(a.firstName, a.middleName, a.lastName);
        if (full) entry.names.push(entryName(full, a.strong === 'false'));
      } else if (name === 'birthdate') {
        const date = euBirthDate(a);
        if (date) entry.datesOfBirth.push(date);
      } else if (name === 'citizenship') {
        const code = toIso2(a.countryIso2Code) ?? toIso2(a.countryDescription);
        if (code && code !== '00' && !entry.nationalities.includes(code)) entry.nationalities.push(code);
      } else if (name === 'regulation' && a.programme && !entry.programmes.includes(a.programme))
        entry.programmes.push(a.programme);
    },
    close(name, text, parents) {
      if (!entry) return;
      if (name === 'remark' && parents[parents.length - 1] === 'sanctionEntity' && text)
        entry.remarks = entry.remarks ? `${entry.remarks}\n${text}` : text;
      else if (name === 'sanctionEntity') {
        entries.push(entry);
        entry = undefined;
      }
    },
  });
  const metadata: ParsedList['metadata'] = { format: 'eu-fsf', entryCount: entries.length };
  if (publishedAt) metadata.publishedAt = publishedAt;
  return { metadata, entries };
}
