/** spec §9 "Number abbreviation: 1e3 K, 1e6 M, 1e9 B, 2 decimals". */
const UNITS = [
  { size: 1e3, suffix: 'K' },
  { size: 1e6, suffix: 'M' },
  { size: 1e9, suffix: 'B' },
] as const;

export const ABBREVIATION_DECIMALS = 2;

/**
 * 1234 → '1.23K', -2500000 → '-2.50M', 7.5e9 → '7.50B'; values under 1000 (and NaN, ±Infinity) are
 * returned unchanged as text. Rounds like toFixed; a value that rounds up to 1000 of a unit is written
 * in the next one (999999 → '1.00M', not '1000.00K'). Language-independent, like the spec's suffixes;
 * formatThousands gives the language's digits and separators.
 */
export function abbreviateNumber(value: number): string {
  const magnitude = Math.abs(value);
  if (!Number.isFinite(value) || magnitude < 1e3) return String(value);
  let text = '';
  for (const { size, suffix } of UNITS) {
    const scaled = (magnitude / size).toFixed(ABBREVIATION_DECIMALS);
    text = `${value < 0 ? '-' : ''}${scaled}${suffix}`;
    if (Number(scaled) < 1e3) break;
  }
  return text;
}
