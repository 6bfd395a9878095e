/**
 * OFAC's SDN_ADVANCED.XML (the "Sanctions" schema): everything is by reference. Aliases hold
 * DocumentedNames whose NamePartValues point at the Identity's NamePartGroups, whose NamePartTypeID is a
 * reference value ("Last Name", "Entity Name"…); alias types, party sub-types, scripts, feature types
 * ("Birthdate", "Nationality Country", "Citizenship Country"), countries and sanctions types are
 * ReferenceValueSets; nationalities point at Locations; programmes are SanctionsEntries after the parties.
 * So the stream collects compact raw records and resolves them once the document has ended.
 */
import { birthDate, birthRange } from '../birth-dates.ts';
import {
  entryName,
  type BirthDate,
  type EntryKind,
  type EntryName,
  type ListEntry,
  type ParsedList,
} from '../entry.ts';
import { streamXml } from '../xml-stream.ts';

interface RawName {
  aliasTypeId: string;
  lowQuality: boolean;
  parts: { groupId: string; scriptId: string; value: string }[];
}
interface DatePoint {
  year?: number;
  month?: number;
  day?: number;
}
interface RawFeature {
  typeId: string;
  locationIds: string[];
  approximate: boolean;
  points: Record<string, DatePoint>;
}
interface RawParty {
  fixedRef: string;
  profileId: string;
  subTypeId: string;
  names: RawName[];
  groupTypes: Map<string, string>;
  features: RawFeature[];
  comment: string;
}

/** Name part types, given names first, then the family names; entity, vessel and aircraft names alone. */
const PART_ORDER = [
  'First Name',
  'Middle Name',
  'Patronymic',
  'Matronymic',
  'Nickname',
  'Last Name',
  'Maiden Name',
];

export async function parseOfacSdnAdvanced(
  chunks: AsyncIterable<string>,
  listId: string,
): Promise<ParsedList> {
  const refs = new Map<string, Map<string, { text: string; attributes: Record<string, string> }>>();
  const locationCountries = new Map<string, string[]>();
  const programmesByProfile = new Map<string, string[]>();
  const parties: RawParty[] = [];
  const issued: DatePoint = {};
  let party: RawParty | undefined;
  let name: RawName | undefined;
  let part: RawName['parts'][number] | undefined;
  let feature: RawFeature | undefined;
  let point = '';
  let location: string | undefined;
  let entry: { profileId: string; measureTypeId?: string } | undefined;
  let refAttributes: Record<string, string> = {};

  await streamXml(chunks, {
    open(element, attributes, parents) {
      const parent = parents[parents.length - 1] ?? '';
      if (parent.endsWith('Values') && parents.includes('ReferenceValueSets')) refAttributes = attributes;
      else if (element === 'DistinctParty')
        party = {
          fixedRef: attributes.FixedRef ?? '',
          profileId: '',
          subTypeId: '',
          names: [],
          groupTypes: new Map(),
          features: [],
          comment: '',
        };
      else if (element === 'Profile' && party) {
        party.profileId = attributes.ID ?? '';
        party.subTypeId = attributes.PartySubTypeID ?? '';
      } else if (element === 'Alias' && party)
        name = {
          aliasTypeId: attributes.AliasTypeID ?? '',
          lowQuality: attributes.LowQuality === 'true',
          parts: [],
        };
      else if (element === 'DocumentedName' && name && party) {
        // Each documented name of an alias (often one per script) is a name of its own.
        if (name.parts.length > 0) party.names.push(name);
        name = { ...name, parts: [] };
      } else if (element === 'NamePartValue' && name)
        part = { groupId: attributes.NamePartGroupID ?? '', scriptId: attributes.ScriptID ?? '', value: '' };
      else if (element === 'NamePartGroup' && party)
        party.groupTypes.set(attributes.ID ?? '', attributes.NamePartTypeID ?? '');
      else if (element === 'Feature' && party)
        feature = { typeId: attributes.FeatureTypeID ?? '', locationIds: [], approximate: false, points: {} };
      else if ((element === 'Start' || element === 'End') && feature) {
        point = element;
        if (attributes.Approximate === 'true') feature.approximate = true;
      } else if ((element === 'From' || element === 'To') && feature) {
        point = `${parent}${element}`;
        feature.points[point] = {};
      } else if (element === 'VersionLocation' && feature && attributes.LocationID)
        feature.locationIds.push(attributes.LocationID);
      else if (element === 'Location') location = attributes.ID;
      else if (element === 'LocationCountry' && location && attributes.CountryID)
        locationCountries.set(location, [...(locationCountries.get(location) ?? []), attributes.CountryID]);
      else if (element === 'SanctionsEntry') entry = { profileId: attributes.ProfileID ?? '' };
      else if (element === 'SanctionsMeasure' && entry) entry.measureTypeId = attributes.SanctionsTypeID;
    },
    close(element, text, parents) {
      const parent = parents[parents.length - 1] ?? '';
      if (parent.endsWith('Values') && parents.includes('ReferenceValueSets')) {
        const set = refs.get(element) ?? new Map();
        set.set(refAttributes.ID ?? '', { text, attributes: refAttributes });
        refs.set(element, set);
      } else if (parent === 'DateOfIssue' && /^(Year|Month|Day)$/.test(element)) {
        issued[element.toLowerCase() as keyof DatePoint] = Number(text);
      } else if (element === 'NamePartValue' && name && part) {
        part.value = text;
        name.parts.push(part);
        part = undefined;
      } else if (element === 'Alias' && party && name) {
        if (name.parts.length > 0) party.names.push(name);
        name = undefined;
      } else if (feature && point && /^(Year|Month|Day)$/.test(element)) {
        const target = feature.points[point];
        if (target && text) target[element.toLowerCase() as keyof DatePoint] = Number(text);
      } else if (element === 'Feature' && party && feature) {
        party.features.push(feature);
        feature = undefined;
      } else if (element === 'Comment' && parent === 'DistinctParty' && party) party.comment = text;
      else if (element === 'DistinctParty' && party) {
        parties.push(party);
        party = undefined;
      } else if (element === 'Comment' && parent === 'SanctionsMeasure' && entry) {
        const type = refs.get('SanctionsType')?.get(entry.measureTypeId ?? '')?.text;
        if (type === 'Program' && text)
          programmesByProfile.set(entry.profileId, [
            ...(programmesByProfile.get(entry.profileId) ?? []),
            text,
          ]);
      } else if (element === 'SanctionsEntry') entry = undefined;
      else if (element === 'Location') location = undefined;
    },
  });

  const ref = (set: string, id: string) => refs.get(set)?.get(id);
  const kindOf = (subTypeId: string): EntryKind => {
    const subType = ref('PartySubType', subTypeId);
    let text = subType?.text ?? '';
    if (text === 'Unknown') text = ref('PartyType', subType?.attributes.PartyTypeID ?? '')?.text ?? '';
    const kind = text.toLowerCase();
    return kind === 'individual' || kind === 'entity' || kind === 'vessel' || kind === 'aircraft'
      ? kind
      : 'unknown';
  };
  const entries = parties.map((raw): ListEntry => {
    const nationalities: string[] = [];
    const datesOfBirth: BirthDate[] = [];
    for (const feat of raw.features) {
      const type = ref('FeatureType', feat.typeId)?.text ?? '';
      if (type === 'Birthdate') {
        const date = periodToBirthDate(feat);
        if (date) datesOfBirth.push(date);
      } else if (type === 'Nationality Country' || type === 'Citizenship Country') {
        for (const locationId of feat.locationIds)
          for (const countryId of locationCountries.get(locationId) ?? []) {
            const iso2 = ref('Country', countryId)?.attributes.ISO2;
            if (iso2 && !nationalities.includes(iso2)) nationalities.push(iso2);
          }
      }
    }
    const result: ListEntry = {
      listId,
      entryId: raw.fixedRef || raw.profileId,
      kind: kindOf(raw.subTypeId),
      names: raw.names.map((rawName) => toName(rawName, raw.groupTypes, ref)),
      datesOfBirth,
      nationalities,
      programmes: programmesByProfile.get(raw.profileId) ?? [],
      category: 'sanctions',
    };
    if (raw.comment) result.remarks = raw.comment;
    return result;
  });
  const metadata: ParsedList['metadata'] = { format: 'ofac-sdn-advanced', entryCount: entries.length };
  if (issued.year)
    metadata.publishedAt = [issued.year, issued.month ?? 1, issued.day ?? 1]
      .map((n, i) => String(n).padStart(i === 0 ? 4 : 2, '0'))
      .join('-');
  return { metadata, entries };
}

function toName(
  raw: RawName,
  groupTypes: Map<string, string>,
  ref: (set: string, id: string) => { text: string; attributes: Record<string, string> } | undefined,
): EntryName {
  const parts: Record<string, string> = {};
  for (const p of raw.parts) {
    const type = ref('NamePartType', groupTypes.get(p.groupId) ?? '')?.text ?? 'Name';
    parts[type] = parts[type] ? `${parts[type]} ${p.value}` : p.value;
  }
  const ordered = [
    ...PART_ORDER.filter((type) => parts[type]),
    ...Object.keys(parts).filter((type) => !PART_ORDER.includes(type)),
  ];
  const full = ordered.map((type) => parts[type]).join(' ');
  const scriptCode = ref('Script', raw.parts[0]?.scriptId ?? '')?.attributes.ScriptCode;
  const script = scriptCode && scriptCode !== 'Latn' ? scriptCode : undefined;
  return entryName(full, raw.lowQuality, script ? { parts, script } : { parts });
}

/** A DatePeriod: one day, a whole year ("1964"), or a span of years (a range), approximate or not. */
function periodToBirthDate(feature: RawFeature): BirthDate | undefined {
  const start = feature.points.StartFrom ?? feature.points.StartTo;
  const end = feature.points.EndTo ?? feature.points.EndFrom ?? start;
  if (!start?.year || !end?.year) return undefined;
  if (start.year !== end.year) {
    const range = birthRange(start.year, end.year);
    return range && feature.approximate ? { ...range, circa: true } : range;
  }
  const sameDay = start.month === end.month && start.day === end.day;
  const sameMonth = start.month === end.month;
  return birthDate(
    start.year,
    sameMonth ? start.month : undefined,
    sameDay ? start.day : undefined,
    feature.approximate,
  );
}
