/**
 * `npm run bench -- --only screening` (issue 18): screening one person against a generated 20 000-entry
 * list (median and p99 of 2 000 people, budget: median ≤ 20 ms), and reading a generated 20 000-entry
 * SDN.XML through the streaming parser, then building the name index (reported with their times). The
 * list is generated from a fixed seed: given names drawn from a short, skewed set (as real lists repeat
 * Mohammed, Ali, Aleksandr…), family names from syllables, one to three aliases, a fifth entities, dates
 * of birth; the people screened are a tenth list names as listed, a tenth with a typo, the rest new names
 * built from the same parts, so that candidates are plentiful, as in production.
 */
import { performance } from 'node:perf_hooks';
import { readList } from '../apps/server/src/domain/screening/read-list.ts';
import { NameIndex } from '../apps/server/src/domain/screening/matching/name-index.ts';
import { screenPerson } from '../apps/server/src/domain/screening/matching/screen-person.ts';

export const SCREENING_BUDGETS = { medianMs: 20 };
const ENTRIES = 20_000;
const PEOPLE = 2_000;
const WARM_UP = 200;

/** mulberry32: the same list and the same people on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GIVEN = (
  'Mohammed Ali Ahmad Hassan Hussein Abdullah Omar Ibrahim Yusuf Khalid Aleksandr Sergei Dmitri Vladimir ' +
  'Andrei Nikolai Igor Oleg Yuri Viktor Ivan Mikhail Pavel Anatoly Olga Elena Natalia Irina Tatiana Svetlana ' +
  'Jose Juan Carlos Luis Miguel Jorge Pedro Manuel Rafael Kim Li Wang Chen Zhang Park Choe Ri Reza Mehdi ' +
  'Hamid Farhad Ali-Reza Jean Pierre Hans Peter'
).split(' ');
const SYLLABLES = (
  'ka ra mo vi lo na te so ri ha za be do gu mi shi ko an el ov in ski dze yan sha bad rov nov lin ' +
  'ter gar mar del sal qui ber tor vel zan kir pol fen dar'
).split(' ');
const ENTITY_WORDS =
  'Trading Shipping Holding Logistics Petroleum Bank Group Industries Foundation Company'.split(' ');

function pick<T>(rand: () => number, items: T[]): T {
  return items[Math.floor(rand() * items.length)] as T;
}

/** A skewed pick: the first given names come up far more often than the last. */
function pickGiven(rand: () => number): string {
  return GIVEN[Math.floor(rand() * rand() * GIVEN.length)] as string;
}

function familyName(rand: () => number): string {
  const count = 2 + Math.floor(rand() * 2);
  const word = Array.from({ length: count }, () => pick(rand, SYLLABLES)).join('');
  return word[0]?.toUpperCase() + word.slice(1);
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

interface Generated {
  xml: string;
  listedNames: string[];
}

/** A 20 000-entry SDN.XML in the 2024 namespace. */
export function generateSdnXml(entries = ENTRIES, seed = 18): Generated {
  const rand = random(seed);
  const listedNames: string[] = [];
  const parts = [
    '<?xml version="1.0" standalone="yes"?>\n<sdnList xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML">',
    `<publshInformation><Publish_Date>04/15/2026</Publish_Date><Record_Count>${entries}</Record_Count></publshInformation>`,
  ];
  for (let uid = 1; uid <= entries; uid++) {
    const entity = rand() < 0.2;
    const lastName = entity
      ? `${familyName(rand)} ${pick(rand, ENTITY_WORDS)}`
      : familyName(rand).toUpperCase();
    const firstName = entity ? '' : `${pickGiven(rand)}${rand() < 0.5 ? ` ${pickGiven(rand)}` : ''}`;
    if (!entity) listedNames.push(`${firstName} ${lastName}`);
    const akas = Array.from({ length: Math.floor(rand() * 3) + 1 }, (_, i) => {
      const weak = rand() < 0.15;
      const akaLast = entity
        ? `${familyName(rand)} ${pick(rand, ENTITY_WORDS)}`
        : familyName(rand).toUpperCase();
      const akaFirst = entity || weak ? '' : `<firstName>${pickGiven(rand)}</firstName>`;
      return `<aka><uid>${uid * 10 + i}</uid><type>a.k.a.</type><category>${weak ? 'weak' : 'strong'}</category><lastName>${escape(akaLast)}</lastName>${akaFirst}</aka>`;
    }).join('');
    const year = 1940 + Math.floor(rand() * 60);
    const dob = entity
      ? ''
      : `<dateOfBirthList><dateOfBirthItem><uid>${uid}</uid><dateOfBirth>${rand() < 0.3 ? `circa ${year}` : `${1 + Math.floor(rand() * 28)} Mar ${year}`}</dateOfBirth><mainEntry>true</mainEntry></dateOfBirthItem></dateOfBirthList>`;
    parts.push(
      `<sdnEntry><uid>${uid}</uid>${firstName ? `<firstName>${firstName}</firstName>` : ''}<lastName>${escape(lastName)}</lastName>` +
        `<sdnType>${entity ? 'Entity' : 'Individual'}</sdnType><programList><program>SDGT</program></programList>` +
        `<akaList>${akas}</akaList>${dob}<nationalityList><nationality><uid>${uid}</uid><country>Russia</country><mainEntry>true</mainEntry></nationality></nationalityList></sdnEntry>`,
    );
  }
  parts.push('</sdnList>');
  return { xml: parts.join('\n'), listedNames };
}

function withTypo(rand: () => number, name: string): string {
  const i = 1 + Math.floor(rand() * (name.length - 2));
  return name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
}

export interface ScreeningReport {
  xmlMegabytes: number;
  parseMs: number;
  indexMs: number;
  aliases: number;
  medianMs: number;
  p99Ms: number;
  maxMs: number;
  hitsPerPerson: number;
  listedFound: number;
  listedTotal: number;
  medianMet: boolean;
}

export async function measureScreening(): Promise<ScreeningReport> {
  const { xml, listedNames } = generateSdnXml();
  const bytes = Buffer.from(xml);
  function* chunks(): Generator<Uint8Array> {
    for (let i = 0; i < bytes.length; i += 65536) yield bytes.subarray(i, i + 65536);
  }
  let started = performance.now();
  const list = await readList(chunks(), 'generated-sdn');
  const parseMs = performance.now() - started;
  started = performance.now();
  const index = new NameIndex([{ listId: 'generated-sdn', ...list }]);
  const indexMs = performance.now() - started;

  const rand = random(1018);
  const people = Array.from({ length: PEOPLE + WARM_UP }, (_, i) => {
    const share = i % 10;
    if (share === 0) return { names: [pick(rand, listedNames)], listed: true };
    if (share === 1) return { names: [withTypo(rand, pick(rand, listedNames))], listed: false };
    return { names: [`${pickGiven(rand)} ${familyName(rand)}`], listed: false };
  });
  const timings: number[] = [];
  let hits = 0;
  let listedFound = 0;
  let listedTotal = 0;
  for (const [i, person] of people.entries()) {
    const t0 = performance.now();
    const result = screenPerson(index, { names: person.names });
    const elapsed = performance.now() - t0;
    if (i < WARM_UP) continue;
    timings.push(elapsed);
    hits += result.length;
    if (person.listed) listedTotal++;
    if (person.listed && result.length > 0) listedFound++;
  }
  timings.sort((a, b) => a - b);
  const medianMs = percentile(timings, 0.5);
  return {
    xmlMegabytes: bytes.length / 1048576,
    parseMs,
    indexMs,
    aliases: index.aliases.length,
    medianMs,
    p99Ms: percentile(timings, 0.99),
    maxMs: timings[timings.length - 1] as number,
    hitsPerPerson: hits / timings.length,
    listedFound,
    listedTotal,
    medianMet: medianMs <= SCREENING_BUDGETS.medianMs,
  };
}
