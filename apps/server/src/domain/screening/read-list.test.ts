import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatBirthDate, parseBirthDate } from './birth-dates.ts';
import { toIso2, toIso2List } from './countries.ts';
import type { ListEntry, ParsedList } from './entry.ts';
import { ListFormatError, readList } from './read-list.ts';
import { sniffFormat } from './sniff.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

/** The file in small chunks, as a download or a file stream delivers it (64 bytes cut through UTF-8). */
function* inChunks(bytes: Buffer, size = 64): Generator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function read(name: string): Promise<ParsedList> {
  return readList(inChunks(fixture(name)), name);
}

function entry(list: ParsedList, entryId: string): ListEntry {
  const found = list.entries.find((candidate) => candidate.entryId === entryId);
  if (!found) throw new Error(`no entry ${entryId}`);
  return found;
}

describe('list formats, recognised from the content (sniff.ts)', () => {
  it('tells each format by its root element, namespace or CSV header, whatever the file is called', () => {
    const formats = Object.fromEntries(
      [
        'ofac-sdn.xml',
        'ofac-sdn-legacy.xml',
        'ofac-sdn-advanced.xml',
        'un-consolidated.xml',
        'eu-fsf.xml',
        'uk-sanctions-list.xml',
        'operator.csv',
      ].map((name) => [name, sniffFormat(fixture(name).toString('utf8').slice(0, 4096))]),
    );
    expect(formats).toEqual({
      'ofac-sdn.xml': 'ofac-sdn',
      'ofac-sdn-legacy.xml': 'ofac-sdn',
      'ofac-sdn-advanced.xml': 'ofac-sdn-advanced',
      'un-consolidated.xml': 'un-consolidated',
      'eu-fsf.xml': 'eu-fsf',
      'uk-sanctions-list.xml': 'uk-sanctions-list',
      'operator.csv': 'operator-csv',
    });
  });

  it('refuses what it does not know: another XML, an sdnList in a foreign namespace, a CSV without our columns', () => {
    expect(sniffFormat('<?xml version="1.0"?><rss version="2.0"><channel/></rss>')).toBeUndefined();
    expect(sniffFormat('<sdnList xmlns="http://example.com/other"><sdnEntry/></sdnList>')).toBeUndefined();
    expect(sniffFormat('name,email\nAda,ada@example.com\n')).toBeUndefined();
    expect(sniffFormat('\uFEFF<!-- a comment --><Designations><Designation/></Designations>')).toBe(
      'uk-sanctions-list',
    );
  });

  it('readList rejects an unknown format and a list with no entries, so the last good copy stays', async () => {
    await expect(readList(['<html><body>maintenance</body></html>'], 'x')).rejects.toBeInstanceOf(
      ListFormatError,
    );
    await expect(
      readList(['<sdnList xmlns="http://tempuri.org/sdnList.xsd"><publshInformation/></sdnList>'], 'x'),
    ).rejects.toThrow('ofac-sdn with no entries');
    await expect(readList(['<CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL>'], 'x')).rejects.toThrow();
  });
});

describe('OFAC SDN.XML (2024 namespace and the older one)', () => {
  it('reads names, the weak a.k.a., the Cyrillic a.k.a., date, nationality, programmes, kinds and metadata', async () => {
    const list = await read('ofac-sdn.xml');
    expect(list.metadata).toEqual({ format: 'ofac-sdn', publishedAt: '2026-04-15', entryCount: 4 });
    const velmorov = entry(list, '91001');
    expect(velmorov.kind).toBe('individual');
    expect(velmorov.names.map((name) => [name.full, name.weak, name.script])).toEqual([
      ['Oleg Tarasovich VELMOROV', false, undefined],
      ['Oleg VELMOROFF', false, undefined],
      ['Олег Тарасович ВЕЛЬМОРОВ', false, 'Cyrl'],
      ['TARASYCH', true, undefined],
    ]);
    expect(velmorov.datesOfBirth).toEqual([{ year: 1971, month: 3, day: 12 }]);
    expect(velmorov.nationalities).toEqual(['RU']);
    expect(velmorov.programmes).toEqual(['RUSSIA-EO14024', 'CYBER2']);
    expect(entry(list, '91002').datesOfBirth).toEqual([{ year: 1958, circa: true }]);
    expect(entry(list, '91002').nationalities).toEqual(['IR']);
    expect(list.entries.map((e) => e.kind)).toEqual(['individual', 'individual', 'entity', 'vessel']);
  });

  it('reads the older tempuri.org file the same way, with a range of years and a month', async () => {
    const list = await read('ofac-sdn-legacy.xml');
    expect(list.metadata).toEqual({ format: 'ofac-sdn', publishedAt: '2023-12-30', entryCount: 2 });
    const ortega = entry(list, '92001');
    expect(ortega.names).toEqual([
      {
        full: 'Joaquín ORTEGA-SALDAÑA',
        weak: false,
        parts: { firstName: 'Joaquín', lastName: 'ORTEGA-SALDAÑA' },
      },
      { full: 'EL CONTADOR', weak: true, parts: { lastName: 'EL CONTADOR' } },
    ]);
    expect(ortega.datesOfBirth).toEqual([
      { year: 1962, range: [1962, 1964] },
      { year: 1963, month: 2 },
    ]);
    expect(ortega.nationalities).toEqual(['MX']);
    expect(entry(list, '92002').kind).toBe('entity');
  });
});

describe('OFAC SDN_ADVANCED.XML', () => {
  it('resolves name parts, scripts, low-quality aliases, birth periods, nationality locations and programmes', async () => {
    const list = await read('ofac-sdn-advanced.xml');
    expect(list.metadata).toEqual({ format: 'ofac-sdn-advanced', publishedAt: '2026-04-15', entryCount: 4 });
    const velmorov = entry(list, '91001');
    expect(velmorov.names).toEqual([
      {
        full: 'Oleg Tarasovich VELMOROV',
        weak: false,
        parts: { 'Last Name': 'VELMOROV', 'First Name': 'Oleg', Patronymic: 'Tarasovich' },
      },
      {
        full: 'Олег Тарасович ВЕЛЬМОРОВ',
        weak: false,
        parts: { 'Last Name': 'ВЕЛЬМОРОВ', 'First Name': 'Олег', Patronymic: 'Тарасович' },
        script: 'Cyrl',
      },
      { full: 'TARASYCH', weak: true, parts: { 'Last Name': 'TARASYCH' } },
    ]);
    expect(velmorov.datesOfBirth).toEqual([{ year: 1971, month: 3, day: 12 }]);
    expect(velmorov.nationalities).toEqual(['RU']);
    expect(velmorov.programmes).toEqual(['RUSSIA-EO14024', 'CYBER2']);
    // A whole approximate year (1 Jan to 31 Dec, Approximate="true") is "circa 1958"; citizenship counts.
    expect(entry(list, '91002').datesOfBirth).toEqual([{ year: 1958, circa: true }]);
    expect(entry(list, '91002').nationalities).toEqual(['IR']);
    expect(list.entries.map((e) => [e.entryId, e.kind])).toEqual([
      ['91001', 'individual'],
      ['91002', 'individual'],
      ['91003', 'entity'],
      ['91004', 'vessel'],
    ]);
  });
});

describe('UN Security Council consolidated list', () => {
  it('reads the original-script name, Good and Low aliases, approximate and between dates, entities', async () => {
    const list = await read('un-consolidated.xml');
    expect(list.metadata).toEqual({
      format: 'un-consolidated',
      publishedAt: '2026-04-14T10:00:05.627Z',
      entryCount: 3,
    });
    const salem = entry(list, '7900101');
    expect(salem.names.map((name) => [name.full, name.weak, name.script])).toEqual([
      ['SALEM ABDELQADER AL-MARZOUQI', false, undefined],
      ['سالم عبد القادر المرزوقي', false, 'Arab'],
      ['Salim Abd al-Qadir al-Marzuqi', false, undefined],
      ['Abu Hamza al-Sahili', true, undefined],
    ]);
    expect(salem.datesOfBirth).toEqual([
      { year: 1966, circa: true },
      { year: 1964, range: [1964, 1967] },
    ]);
    expect(salem.nationalities).toEqual(['YE']);
    expect(salem.programmes).toEqual(['Al-Qaida']);
    expect(entry(list, '7900102').datesOfBirth).toEqual([{ year: 1974, month: 9, day: 23 }]);
    expect(entry(list, '7900102').nationalities).toEqual(['KP']);
    expect(entry(list, '7900201')).toMatchObject({
      kind: 'entity',
      names: [{ full: 'QASR AL-ZAHRA RELIEF TRUST' }, { full: 'Zahra Relief' }],
    });
  });
});

describe('EU Financial Sanctions File (FSF XML 1.1)', () => {
  it('reads nameAlias (strong="false" weak), the Russian alias, a circa year, citizenship and the programme', async () => {
    const list = await read('eu-fsf.xml');
    expect(list.metadata).toEqual({
      format: 'eu-fsf',
      publishedAt: '2026-04-14T17:42:07.183+02:00',
      entryCount: 3,
    });
    const lev = entry(list, '990101');
    expect(lev.kind).toBe('individual');
    expect(lev.names.map((name) => [name.full, name.weak, name.script])).toEqual([
      ['Lev Arkadyevich Zhuravsky', false, undefined],
      ['Лев Аркадьевич Журавский', false, 'Cyrl'],
      ['Lyova Zhuravsky', true, undefined],
    ]);
    expect(lev.datesOfBirth).toEqual([{ year: 1969, circa: true }]);
    expect(lev.nationalities).toEqual(['RU']);
    expect(lev.programmes).toEqual(['RUS']);
    expect(lev.remarks).toBe('Invented entry for tests.');
    expect(entry(list, '990201').datesOfBirth).toEqual([{ year: 1980, month: 7, day: 1 }]);
    expect(entry(list, '990301').kind).toBe('entity');
  });
});

describe('UK Sanctions List (FCDO)', () => {
  it('reads Name1–Name6, Low quality aliases, the non-Latin name, dd/mm/yyyy with only a year, ships', async () => {
    const list = await read('uk-sanctions-list.xml');
    expect(list.metadata).toEqual({ format: 'uk-sanctions-list', publishedAt: '2026-04-14', entryCount: 3 });
    const marina = entry(list, 'RUS9901');
    expect(marina.names.map((name) => [name.full, name.weak, name.script])).toEqual([
      ['Marina Igorevna TSVETKOVA', false, undefined],
      ['Marina TSVETKOVA-BELL', false, undefined],
      ['MARA', true, undefined],
      ['Марина Игоревна ЦВЕТКОВА', false, 'Cyrl'],
    ]);
    expect(marina.datesOfBirth).toEqual([{ year: 1975 }]);
    expect(marina.nationalities).toEqual(['RU']);
    expect(marina.programmes).toEqual(['The Russia (Sanctions) (EU Exit) Regulations 2019']);
    expect(list.entries.map((e) => e.kind)).toEqual(['individual', 'entity', 'vessel']);
  });
});

describe('operator CSV', () => {
  it('reads aliases, circa and full dates, several nationalities, categories and references', async () => {
    const list = await read('operator.csv');
    expect(list.metadata).toEqual({ format: 'operator-csv', entryCount: 4 });
    expect(entry(list, 'PEP-0001')).toMatchObject({
      kind: 'individual',
      category: 'pep',
      names: [
        { full: 'Aurelio Benítez-Caballero' },
        { full: 'Aurelio Benitez' },
        { full: 'Аурелио Бенитес', script: 'Cyrl' },
      ],
      datesOfBirth: [{ year: 1961, circa: true }],
      nationalities: ['PA'],
    });
    expect(entry(list, 'PEP-0002').nationalities).toEqual(['RU', 'BY']);
    expect(entry(list, 'INT-0001')).toMatchObject({
      kind: 'unknown',
      category: 'internal',
      datesOfBirth: [],
    });
    expect(entry(list, 'INT-0002').datesOfBirth).toEqual([{ year: 1970 }]);
  });

  it('refuses a row whose category is not sanctions, pep or internal, naming the line', async () => {
    const csv = 'name,aliases,date_of_birth,nationality,category,reference\nA B,,,,pep,1\nC D,,,,vip,2\n';
    await expect(readList([csv], 'ops')).rejects.toThrow('operator CSV line 3: category "vip"');
  });
});

describe('dates and countries as the lists write them', () => {
  it('parses every written form of a date of birth and drops the unreadable', () => {
    expect(parseBirthDate('12 Mar 1964')).toEqual({ year: 1964, month: 3, day: 12 });
    expect(parseBirthDate('circa 1964')).toEqual({ year: 1964, circa: true });
    expect(parseBirthDate('1962 to 1964')).toEqual({ year: 1962, range: [1962, 1964] });
    expect(parseBirthDate('dd/mm/1950')).toEqual({ year: 1950 });
    expect(parseBirthDate('03/11/1950')).toEqual({ year: 1950, month: 11, day: 3 });
    expect(parseBirthDate('unknown')).toBeUndefined();
    expect(parseBirthDate('0000')).toBeUndefined();
    expect(formatBirthDate({ year: 1962, range: [1962, 1964] })).toBe('1962–1964');
  });

  it('maps country names and codes to ISO alpha-2, never to a withdrawn code', () => {
    expect(toIso2('Russia')).toBe('RU');
    expect(toIso2('RUSSIAN FEDERATION')).toBe('RU');
    expect(toIso2('Iran (Islamic Republic of)')).toBe('IR');
    expect(toIso2("Democratic People's Republic of Korea")).toBe('KP');
    expect(toIso2('Côte d’Ivoire')).toBe('CI');
    expect(toIso2('su')).toBeUndefined();
    expect(toIso2List(['ru', 'Russia', 'Atlantis', 'by'])).toEqual(['RU', 'BY']);
  });
});
