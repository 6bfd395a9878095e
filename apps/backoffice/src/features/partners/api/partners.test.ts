import { describe, expect, it } from 'vitest';
import { originsOf, originsValid } from './partners.ts';

describe('allowed origins typed on the partners page', () => {
  it('when origins are typed one per line, then blank lines and spaces are dropped', () => {
    expect(originsOf(' https://a.example \n\n https://b.example:8443\n')).toEqual([
      'https://a.example',
      'https://b.example:8443',
    ]);
  });

  it('when an origin is not a canonical https origin or is repeated, then the list is refused as the server would (54015)', () => {
    expect(originsValid([])).toBe(true);
    expect(originsValid(['https://a.example', 'https://b.example:8443'])).toBe(true);
    for (const bad of [
      'http://a.example',
      'https://a.example/',
      'https://a.example/x',
      'https://A.example',
      'a.example',
    ])
      expect(originsValid([bad]), bad).toBe(false);
    expect(originsValid(['https://a.example', 'https://a.example'])).toBe(false);
  });
});
