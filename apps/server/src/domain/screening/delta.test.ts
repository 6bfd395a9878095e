import { describe, expect, it } from 'vitest';
import { deltaIndex, diffEntries, screenBatch } from './delta.ts';
import type { ListEntry } from './entry.ts';
import type { LoadedListVersion } from './load-lists.ts';

const entry = (entryId: string, full: string, year?: number): ListEntry => ({
  listId: 'l',
  entryId,
  kind: 'individual',
  names: [{ full, weak: false }],
  datesOfBirth: year ? [{ year }] : [],
  nationalities: [],
  programmes: [],
  category: 'sanctions',
});

const list = (entries: ListEntry[]): LoadedListVersion => ({
  listId: 'l',
  metadata: { format: 'operator-csv', entryCount: entries.length },
  entries,
  source: '/l.csv',
  contentHash: 'h',
});

describe('diffEntries', () => {
  it('when entries are added, changed and removed, then each is told apart and the unchanged left out', () => {
    const previous = new Map([
      ['a', '1'],
      ['b', '2'],
      ['c', '3'],
    ]);
    const current = [
      { entryId: 'a', hash: '1' },
      { entryId: 'b', hash: '2x' },
      { entryId: 'd', hash: '4' },
    ];
    expect(diffEntries(previous, current)).toEqual({ changed: ['b', 'd'], removed: ['c'] });
  });

  it('when nothing was recorded before, then every entry is added', () => {
    expect(diffEntries(new Map(), [{ entryId: 'a', hash: '1' }])).toEqual({ changed: ['a'], removed: [] });
  });
});

describe('screenBatch against a delta index', () => {
  const loaded = list([entry('1', 'Oleg Tarasovich VELMOROV', 1971), entry('2', 'Ada LOVELACE', 1815)]);
  const people = [
    {
      userId: 10,
      firstName: 'Oleg Tarasovich',
      lastName: 'Velmorov',
      dateOfBirth: '1971-03-12',
      nationality: 'RU',
    },
    { userId: 11, firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-01-01', nationality: null },
    { userId: 12, firstName: '', lastName: '', dateOfBirth: '', nationality: null },
  ];

  it('when only one entry changed, then only the people it names are hits, against that entry', () => {
    const found = screenBatch(deltaIndex(loaded, ['1']), people, 0.85);
    expect(found.map((f) => [f.userId, f.hits.map((h) => h.entryId)])).toEqual([[10, ['1']]]);
  });

  it('when no entry of the list is in the delta, then nobody is a hit', () => {
    expect(screenBatch(deltaIndex(loaded, []), people, 0.85)).toEqual([]);
  });
});
