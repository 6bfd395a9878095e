/**
 * CSV for the back office's exports (issue 17): RFC 4180 quoting, CRLF line ends, and CSV-injection
 * safety (OWASP): a text cell that begins with = + - @ (or a tab or carriage return, which some
 * spreadsheets skip before such a sign) gets a leading apostrophe, so a spreadsheet shows it as text and
 * never runs it as a formula. Numbers are written as they are (a number is never a formula).
 */
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line, ending in CRLF. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
