/**
 * A name, as typed or as listed, into comparable tokens: "LAST, First" turned round, Cyrillic by the ICAO
 * table (cyrillic.ts), other scripts by any-ascii, Unicode NFKD with the marks removed (é → e), case
 * folded, apostrophes dropped (O'Neil → oneil), hyphens and other punctuation splitting tokens
 * ("Nourizadeh-Zand" → nourizadeh zand; the join back is tried when comparing, token-match.ts).
 */
import anyAscii from 'any-ascii';
import { transliterateCyrillic } from './cyrillic.ts';

export interface NormalisedName {
  /** The name as given, for the explanation. */
  original: string;
  tokens: string[];
}

/** "VELMOROV, Oleg Tarasovich" → "Oleg Tarasovich VELMOROV"; a name with no single comma is left alone. */
export function reorderLastFirst(name: string): string {
  const parts = name.split(',');
  if (parts.length !== 2) return name;
  const [last, first] = parts.map((part) => part.trim());
  return last && first ? `${first} ${last}` : name;
}

/**
 * What NFKD leaves non-ASCII (ł, ø, ß, Arabic, Han…) through any-ascii; Han syllables come back
 * capitalised and unspaced ("XiJinPing"), so they are split where a capital follows a small letter.
 */
function otherScriptsToAscii(text: string): string {
  return text.replace(/[^ -~]+/g, (run) => anyAscii(run).replace(/([a-z])([A-Z])/g, '$1 $2'));
}

export function normaliseName(name: string): NormalisedName {
  let text = reorderLastFirst(name).normalize('NFC').toLowerCase();
  text = transliterateCyrillic(text);
  text = text.normalize('NFKD').replace(/\p{M}/gu, '');
  text = otherScriptsToAscii(text).toLowerCase();
  text = text.replace(/['’ʼʻ‘`´]/g, '').replace(/[^a-z0-9]+/g, ' ');
  return { original: name, tokens: text.split(' ').filter(Boolean) };
}
