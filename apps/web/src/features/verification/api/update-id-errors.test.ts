import { describe, expect, it } from 'vitest';
import en from '../../../../../../locales/user-accounts/en.json';
import { UPDATE_ID_ERROR_CODES, updateIdErrorKey } from './update-id-errors';

describe('update-id error keys (spec §8)', () => {
  it.each([
    [1045, 'updateId.updateIDError1'],
    [1046, 'updateId.updateIDError2'],
    [1047, 'updateId.updateIDError3'],
    [1048, 'updateId.updateIDError4'],
    [1049, 'updateId.updateIDError5'],
    [1050, 'updateId.updateIDError6'],
    [1051, 'updateId.updateIDError7'],
    [1052, 'updateId.updateIDError6'],
    [1053, 'updateId.updateIDError6'],
    [1062, 'updateId.updateIDError2'],
  ])('maps %i to %s, which has an English text', (code, key) => {
    expect(updateIdErrorKey(code)).toBe(key);
    const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);
    expect(typeof text).toBe('string');
  });

  it('gives null for any other code, so the standard error report applies', () => {
    for (const code of [0, 1044, 1054, 1061, 1063, 30001, 10001]) expect(updateIdErrorKey(code)).toBeNull();
  });

  it('silences exactly the ten codes of the map', () => {
    expect([...UPDATE_ID_ERROR_CODES].sort()).toEqual([
      1045, 1046, 1047, 1048, 1049, 1050, 1051, 1052, 1053, 1062,
    ]);
  });
});
