/**
 * OCR confusions (O/0, I/1, B/8, S/5, Z/2, G/6) repaired only where ICAO 9303's field types and the
 * check digits agree (issue 19). A letter where only digits belong (a date, a check digit) is certainly
 * wrong and takes its digit; in the alphanumeric fields (document number, optional data) either reading
 * is possible, so substitutions are tried only under a failing check digit, fewest first, and one is
 * kept only when every check digit then passes. Two repairs of the same size that both pass are
 * ambiguous and refused: a check digit is one digit mod 10, and guessing between them would be inventing
 * a document number. A sound line is never touched; names and state codes have no check digit, so they
 * are never repaired.
 */
import { CHECK_DIGIT_GROUPS, type CheckedField, type MrzFormat, type Span } from './layout.ts';
import { isSound, parseLines, type ParsedLines } from './parse-lines.ts';

export interface Repair {
  /** 1-based, as a person counts lines and characters. */
  line: number;
  column: number;
  from: string;
  to: string;
  field: CheckedField;
}

export type RepairOutcome =
  | { kind: 'sound' | 'unrepaired'; lines: string[]; parsed: ParsedLines }
  | { kind: 'repaired'; lines: string[]; parsed: ParsedLines; repairs: Repair[] }
  | { kind: 'ambiguous'; lines: string[]; parsed: ParsedLines; candidates: Repair[][] };

const LETTER_TO_DIGIT: Record<string, string> = { O: '0', I: '1', B: '8', S: '5', Z: '2', G: '6' };
const DIGIT_TO_LETTER = Object.fromEntries(Object.entries(LETTER_TO_DIGIT).map(([l, d]) => [d, l]));

/** Substitutions beyond the forced ones: OCR rarely confuses more than two characters of one field. */
const MAX_FREE_SUBSTITUTIONS = 2;

interface Position {
  line: number;
  column: number;
  field: CheckedField;
}

const positionsOf = (spans: Span[], field: CheckedField): Position[] =>
  spans.flatMap(({ line, start, end }) =>
    Array.from({ length: end - start }, (_, i) => ({ line, column: start + i, field })),
  );

function substitute(lines: string[], position: Position, to: string): string[] {
  const copy = [...lines];
  const line = copy[position.line] ?? '';
  copy[position.line] = line.slice(0, position.column) + to + line.slice(position.column + 1);
  return copy;
}

const charAt = (lines: string[], { line, column }: Position) => lines[line]?.[column] ?? '';

function combinations<T>(items: T[], size: number): T[][] {
  if (size === 0) return [[]];
  return items.flatMap((item, i) =>
    combinations(items.slice(i + 1), size - 1).map((rest) => [item, ...rest]),
  );
}

export function repairLines(format: MrzFormat, lines: string[]): RepairOutcome {
  const parsed = parseLines(format, lines);
  if (isSound(parsed)) return { kind: 'sound', lines, parsed };
  if (parsed.packageFormat !== format) return { kind: 'unrepaired', lines, parsed };

  const groups = CHECK_DIGIT_GROUPS[format];
  const failing = new Set(parsed.checkDigits.filter((c) => !c.valid).map((c) => c.field));

  // Forced: a confusable letter where the type allows digits only, under any check digit.
  const forced: Repair[] = [];
  let base = lines;
  for (const group of groups) {
    const numeric = group.type === 'numeric' ? positionsOf(group.data, group.field) : [];
    for (const position of [...numeric, { ...group.digit, field: group.field }]) {
      const to = LETTER_TO_DIGIT[charAt(base, position)];
      if (!to) continue;
      forced.push({
        line: position.line + 1,
        column: position.column + 1,
        from: charAt(base, position),
        to,
        field: group.field,
      });
      base = substitute(base, position, to);
    }
  }

  // Free: a confusable character of an alphanumeric field whose check digit fails, either way.
  const seen = new Set<string>();
  const free = groups
    .filter((group) => group.type === 'alphanumeric' && failing.has(group.field))
    .flatMap((group) => positionsOf(group.data, group.field))
    .filter((p) => {
      const key = `${p.line}:${p.column}`;
      if (seen.has(key)) return false;
      seen.add(key);
      const char = charAt(base, p);
      return char in LETTER_TO_DIGIT || char in DIGIT_TO_LETTER;
    });

  for (let size = 0; size <= MAX_FREE_SUBSTITUTIONS; size++) {
    const found: { lines: string[]; parsed: ParsedLines; repairs: Repair[] }[] = [];
    for (const chosen of combinations(free, size)) {
      let candidate = base;
      const repairs = [...forced];
      for (const position of chosen) {
        const from = charAt(base, position);
        const to = LETTER_TO_DIGIT[from] ?? DIGIT_TO_LETTER[from] ?? from;
        repairs.push({
          line: position.line + 1,
          column: position.column + 1,
          from,
          to,
          field: position.field,
        });
        candidate = substitute(candidate, position, to);
      }
      const candidateParsed = parseLines(format, candidate);
      if (isSound(candidateParsed)) found.push({ lines: candidate, parsed: candidateParsed, repairs });
    }
    const [only] = found;
    if (found.length === 1 && only) return { kind: 'repaired', ...only };
    if (found.length > 1)
      return { kind: 'ambiguous', lines, parsed, candidates: found.map((f) => f.repairs) };
  }
  return { kind: 'unrepaired', lines, parsed };
}
