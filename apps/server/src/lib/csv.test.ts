import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

describe('csv', () => {
  it('when a text cell begins with = + - @ tab or CR, then it is prefixed with an apostrophe', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+SUM(A1)')).toBe("'+SUM(A1)");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\t=x')).toBe("'\t=x");
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('when a cell holds a comma, quote or line break, then it is quoted with quotes doubled', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
  });

  it('when a cell is a number or empty, then it is written as is', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(0.25)).toBe('0.25');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
});
