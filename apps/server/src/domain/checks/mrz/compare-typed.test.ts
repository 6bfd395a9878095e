import { describe, expect, it } from 'vitest';
import { compareWithTyped, type FieldComparison, type TypedIdentity } from './compare-typed.ts';
import { readMrz, type MrzDocument } from './read-mrz.ts';

const NOW = Date.UTC(2026, 4, 10); // 2026-05-10

function checkDigit(text: string): string {
  const value = (c: string) => (c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55);
  return String([...text].reduce((sum, c, i) => sum + value(c) * ([7, 3, 1][i % 3] ?? 0), 0) % 10);
}

/** A synthetic TD3 with correct check digits (ICAO 9303 Part 4 layout). */
function passport(o: {
  code?: string;
  state?: string;
  names: string;
  number?: string;
  nationality?: string;
  dob: string;
  expiry?: string;
}) {
  const number = (o.number ?? 'C4X1Y7WT3').padEnd(9, '<');
  const expiry = o.expiry ?? '310101';
  const personal = '<'.repeat(14);
  const line1 = `${(o.code ?? 'P<').padEnd(2, '<')}${(o.state ?? 'SWE').padEnd(3, '<')}${o.names}`
    .padEnd(44, '<')
    .slice(0, 44);
  const body = `${number}${checkDigit(number)}${(o.nationality ?? o.state ?? 'SWE').padEnd(3, '<')}${o.dob}${checkDigit(o.dob)}F${expiry}${checkDigit(expiry)}${personal}0`;
  const composite = checkDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
  return [line1, body + composite];
}

function read(lines: string[]): MrzDocument & { valid: true } {
  const r = readMrz(lines, { now: NOW });
  if (!r.valid) throw new Error(`${r.reason}: ${r.detail}`);
  return r;
}

function compare(lines: string[], typed: TypedIdentity) {
  const result = compareWithTyped(read(lines), typed, { now: NOW });
  const field = (name: FieldComparison['field']) => result.fields.find((f) => f.field === name);
  return { result, field };
}

const UTOPIA = [
  'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
  'L898902C36UTO7408122F1204159ZE184226B<<<<<10',
];

describe('compareWithTyped', () => {
  it('lists every field, agreeing ones and those it cannot compare, and refuses the expired specimen', () => {
    const { result } = compare(UTOPIA, {
      firstName: 'Anna Maria',
      lastName: 'Eriksson',
      dateOfBirth: '1974-08-12',
      issuingCountry: 'SE',
      documentType: 'PASSPORT',
    });
    expect(result.fields.map((f) => [f.field, f.outcome])).toEqual([
      ['lastName', 'agrees'],
      ['firstName', 'agrees'],
      ['dateOfBirth', 'agrees'],
      ['nationality', 'not_comparable'],
      ['issuingCountry', 'not_comparable'], // UTO, the specimen state, is no country
      ['documentNumber', 'not_comparable'],
      ['documentType', 'agrees'],
      ['expiryDate', 'not_comparable'],
    ]);
    expect(result.fields[4]).toMatchObject({
      typed: 'SE',
      document: 'UTO',
      notes: ['MRZ UTO', 'not a country'],
    });
    expect(result.expired).toBe(true); // 2012-04-15
    expect(result.accepted).toBe(false);
  });

  it('accepts a current document on which everything typed agrees', () => {
    const lines = passport({ names: 'ERIKSSON<<ANNA<MARIA', dob: '740812' });
    const { result } = compare(lines, {
      firstName: 'Anna Maria',
      lastName: 'Eriksson',
      dateOfBirth: '1974-08-12',
    });
    expect(result).toMatchObject({ expired: false, accepted: true });
  });

  it('shows a 1985 document against a typed 1986 as a disagreement with both values', () => {
    const { result, field } = compare(passport({ names: 'ERIKSSON<<ANNA', dob: '850315' }), {
      dateOfBirth: '1986-03-15',
    });
    expect(field('dateOfBirth')).toEqual({
      field: 'dateOfBirth',
      outcome: 'disagrees',
      typed: '1986-03-15',
      document: '1985-03-15',
      notes: [],
    });
    expect(result.accepted).toBe(false);
  });

  it('lets the typed date settle the century the MRZ cannot give', () => {
    const { field } = compare(passport({ names: 'ERIKSSON<<ANNA', dob: '250101' }), {
      dateOfBirth: '1925-01-01',
    });
    expect(field('dateOfBirth')).toMatchObject({ outcome: 'agrees', document: '1925-01-01' });
  });
});

describe('names', () => {
  it('accepts Ü written UE or U, ß as SS, Ø as OE', () => {
    for (const names of ['MUELLER<<JUERGEN', 'MULLER<<JURGEN']) {
      const { field } = compare(passport({ state: 'D', names, dob: '700101' }), {
        firstName: 'Jürgen',
        lastName: 'Müller',
      });
      expect(field('lastName')).toMatchObject({
        outcome: 'agrees',
        typed: 'Müller',
        notes: ['transliterated'],
      });
      expect(field('firstName')).toMatchObject({ outcome: 'agrees', document: names.split('<<')[1] });
    }
    const { field } = compare(passport({ state: 'DNK', names: 'STRAUSS<<SOEREN', dob: '700101' }), {
      firstName: 'Søren',
      lastName: 'Strauß',
    });
    expect([field('lastName')?.outcome, field('firstName')?.outcome]).toEqual(['agrees', 'agrees']);
  });

  it('reads a Cyrillic name by the ICAO table', () => {
    const { field } = compare(passport({ state: 'RUS', names: 'GAGARIN<<IURII', dob: '700101' }), {
      firstName: 'Юрий',
      lastName: 'Гагарин',
    });
    expect(field('firstName')).toMatchObject({ outcome: 'agrees', document: 'IURII' });
  });

  it('accepts names typed the other way round, or a given name typed with the surname', () => {
    const lines = passport({ names: 'ERIKSSON<<ANNA<MARIA', dob: '740812' });
    const swapped = compare(lines, { firstName: 'Eriksson', lastName: 'Anna Maria' });
    expect(swapped.field('lastName')).toMatchObject({ outcome: 'agrees', notes: ['reordered'] });
    const moved = compare(lines, { firstName: 'Anna', lastName: 'Maria Eriksson' });
    expect(moved.field('firstName')).toMatchObject({ outcome: 'agrees', notes: ['reordered'] });
  });

  it('accepts hyphens and apostrophes as ICAO writes them', () => {
    const { field } = compare(passport({ state: 'IRL', names: 'ONEIL<SMITH<<MARY<JANE', dob: '700101' }), {
      firstName: 'Mary-Jane',
      lastName: "O'Neil-Smith",
    });
    expect([field('lastName')?.outcome, field('firstName')?.outcome]).toEqual(['agrees', 'agrees']);
  });

  it('accepts a long name the MRZ truncated, and only then', () => {
    // 39 characters of name field, all used: "HUBERT" cut to "HU", "BLAINE" dropped.
    const names = 'WOLFESCHLEGELSTEINHAUSENBERGERDORFF<<HUBERT<BLAINE';
    const lines = passport({ state: 'USA', names, dob: '700101' });
    const doc = read(lines);
    expect(doc.names).toEqual({
      primary: 'WOLFESCHLEGELSTEINHAUSENBERGERDORFF',
      secondary: 'HU',
      possiblyTruncated: true,
    });
    const { field } = compare(lines, {
      firstName: 'Hubert Blaine',
      lastName: 'Wolfeschlegelsteinhausenbergerdorff',
    });
    expect(field('firstName')).toMatchObject({ outcome: 'agrees', notes: ['truncated'], document: 'HU' });
    const other = compare(lines, {
      firstName: 'Maximilian',
      lastName: 'Wolfeschlegelsteinhausenbergerdorff',
    });
    expect(other.field('firstName')).toMatchObject({
      outcome: 'disagrees',
      typed: 'Maximilian',
      document: 'HU',
    });
    // A name that fits is never read as truncated.
    const short = compare(passport({ names: 'ERIKSSON<<ANNA', dob: '740812' }), {
      firstName: 'Annabel',
      lastName: 'Eriksson',
    });
    expect(short.field('firstName')?.outcome).toBe('disagrees');
  });

  it('disagrees on a different name, with both values', () => {
    const { field } = compare(passport({ names: 'ERIKSSON<<ANNA', dob: '740812' }), {
      firstName: 'Anna',
      lastName: 'Andersson',
    });
    expect(field('lastName')).toEqual({
      field: 'lastName',
      outcome: 'disagrees',
      typed: 'Andersson',
      document: 'ERIKSSON',
      notes: [],
    });
    expect(field('firstName')?.outcome).toBe('agrees');
  });
});

describe('countries, number and type', () => {
  it('compares the MRZ alpha-3 (and ICAO codes) with the alpha-2 typed', () => {
    const sweden = compare(passport({ names: 'ERIKSSON<<ANNA', dob: '740812', state: 'SWE' }), {
      nationality: 'SE',
      issuingCountry: 'NO',
    });
    expect(sweden.field('nationality')).toMatchObject({
      outcome: 'agrees',
      document: 'SE',
      notes: ['MRZ SWE'],
    });
    expect(sweden.field('issuingCountry')).toMatchObject({
      outcome: 'disagrees',
      typed: 'NO',
      document: 'SE',
    });
    const germany = compare(passport({ names: 'MUELLER<<ANNA', dob: '740812', state: 'D' }), {
      nationality: 'de',
    });
    expect(germany.field('nationality')).toMatchObject({
      outcome: 'agrees',
      document: 'DE',
      notes: ['MRZ D'],
    });
  });

  it('compares the document number without fillers, spaces or case', () => {
    const lines = passport({ names: 'ERIKSSON<<ANNA', dob: '740812', number: 'C4X1Y7WT3' });
    expect(compare(lines, { documentNumber: 'c4x1 y7wt3' }).field('documentNumber')?.outcome).toBe('agrees');
    expect(compare(lines, { documentNumber: 'C4XIY7WT3' }).field('documentNumber')).toMatchObject({
      outcome: 'agrees',
      notes: ['look-alike characters typed'],
    });
    expect(compare(lines, { documentNumber: 'C4X1Y7WT4' }).field('documentNumber')).toMatchObject({
      outcome: 'disagrees',
      document: 'C4X1Y7WT3',
    });
  });

  it('when the nationality or number typed on the document step differs (D125), then it disagrees with both values; a refugee’s XXB is not comparable', () => {
    const lines = passport({ names: 'ERIKSSON<<ANNA', dob: '740812', nationality: 'FIN' });
    const { result, field } = compare(lines, { nationality: 'SE', documentNumber: 'C4X1Y7WT4' });
    expect(field('nationality')).toMatchObject({ outcome: 'disagrees', typed: 'SE', document: 'FI' });
    expect(field('documentNumber')).toMatchObject({
      outcome: 'disagrees',
      typed: 'C4X1Y7WT4',
      document: 'C4X1Y7WT3',
    });
    expect(result.accepted).toBe(false);
    const refugee = passport({ names: 'ERIKSSON<<ANNA', dob: '740812', nationality: 'XXB' });
    expect(compare(refugee, { nationality: 'SE' }).field('nationality')).toMatchObject({
      outcome: 'not_comparable',
      notes: ['MRZ XXB', 'not a country'],
    });
  });

  it('when a submission from before D125 typed no nationality or number, then neither is compared and nothing disagrees', () => {
    const lines = passport({ names: 'ERIKSSON<<ANNA', dob: '740812' });
    const { result, field } = compare(lines, { lastName: 'Eriksson', firstName: 'Anna' });
    expect(field('nationality')).toMatchObject({ outcome: 'not_comparable', typed: null, document: 'SE' });
    expect(field('documentNumber')).toMatchObject({
      outcome: 'not_comparable',
      typed: null,
      document: 'C4X1Y7WT3',
    });
    expect(result.accepted).toBe(true);
  });

  it('maps the document code to the app’s document types', () => {
    const pass = passport({ names: 'ERIKSSON<<ANNA', dob: '740812' });
    expect(compare(pass, { documentType: 'ID_CARD' }).field('documentType')).toMatchObject({
      outcome: 'disagrees',
      document: 'PASSPORT',
    });
    const card = [
      'IRUTOD231458907<<<<<<<<<<<<<<<',
      '7408122F3101012UTO<<<<<<<<<<<4',
      'ERIKSSON<<ANNA<MARIA<<<<<<<<<<',
    ];
    const composite = checkDigit('D231458907<<<<<<<<<<<<<<<' + '7408122' + '3101012' + '<<<<<<<<<<<');
    card[1] = `7408122F3101012UTO<<<<<<<<<<<${composite}`;
    expect(compare(card, { documentType: 'RESIDENCE_PERMIT' }).field('documentType')?.outcome).toBe('agrees');
    expect(compare(card, { documentType: 'ID_CARD' }).field('documentType')?.outcome).toBe('disagrees');
  });
});
