import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readList } from './read-list.ts';
import { NameIndex } from './matching/name-index.ts';
import { screenIdentities, type IdentityToScreen } from './identities.ts';

let index: NameIndex;
beforeAll(async () => {
  const file = readFileSync(path.join(import.meta.dirname, 'fixtures', 'ofac-sdn.xml'));
  index = new NameIndex([{ listId: 'ofac-sdn.xml', ...(await readList([file], 'ofac-sdn.xml')) }]);
});

const typed = (name: string, dateOfBirth: string): IdentityToScreen => ({
  source: 'typed',
  person: { names: [name], dateOfBirth },
});
const onDocument = (name: string, dateOfBirth: string): IdentityToScreen => ({
  source: 'document',
  person: { names: [name], dateOfBirth },
});

describe('screening a person as typed and as on the document (D104)', () => {
  it('when only the document names the listed person, then the hit says the document matched', () => {
    const hits = screenIdentities(
      index,
      [typed('Ivan Petrov', '1985-06-01'), onDocument('OLEG TARASOVICH VELMOROV', '1971-03-12')],
      0.85,
    );
    expect(hits.map((h) => [h.hit.entryId, h.source, h.hit.explanation.ourName])).toEqual([
      ['91001', 'document', 'OLEG TARASOVICH VELMOROV'],
    ]);
  });

  it('when both name the listed person, then one hit per entry, the better score kept', () => {
    const hits = screenIdentities(
      index,
      [typed('Oleg Velmorov', '1971-03-12'), onDocument('OLEG TARASOVICH VELMOROV', '1971-03-12')],
      0.85,
    );
    expect(hits).toHaveLength(1);
    expect(hits[0]?.source).toBe('document');
  });

  it('when the document says what was typed, then the hit is the typed one', () => {
    const hits = screenIdentities(
      index,
      [typed('Oleg Tarasovich Velmorov', '1971-03-12'), onDocument('OLEG TARASOVICH VELMOROV', '1971-03-12')],
      0.85,
    );
    expect(hits.map((h) => h.source)).toEqual(['typed']);
  });

  it("when the document's date of birth differs, then it never raises the typed name's score", () => {
    const hits = screenIdentities(
      index,
      [typed('Oleg Tarasovich Velmorov', '1950-01-01'), onDocument('Ivan Petrov', '1971-03-12')],
      0.85,
    );
    expect(hits).toEqual([]);
  });
});
