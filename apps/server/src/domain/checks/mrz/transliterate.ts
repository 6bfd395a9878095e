/**
 * A typed name into the spellings ICAO 9303 Part 3 allows for it in an MRZ, token by token. The MRZ
 * has only A-Z, so an issuing state writes Ü as UE (recommended), U or UXX, Ø as OE or O, ß as SS, and
 * drops the marks of the other letters (É → E). Each token therefore has a few spellings, and a match
 * with any of them agrees. Cyrillic goes through the same ICAO table the screening uses (D64).
 * Apostrophes and full stops are dropped (O'NEIL → ONEIL); hyphens, spaces and other punctuation
 * separate tokens, as the filler does in the MRZ.
 */
import { transliterateCyrillic } from '../../screening/matching/cyrillic.ts';

/** Letters ICAO 9303 writes in more than one way, or not by dropping a mark; the recommended one first. */
const ICAO_LATIN: Record<string, string[]> = {
  Ä: ['AE', 'A', 'AXX'],
  Ö: ['OE', 'O', 'OXX'],
  Ü: ['UE', 'U', 'UXX'],
  Å: ['AA', 'A'],
  Æ: ['AE'],
  Ø: ['OE', 'O'],
  Œ: ['OE'],
  Ñ: ['N', 'NXX'],
  Þ: ['TH'],
  Ĳ: ['IJ'],
  Ð: ['D'],
  Đ: ['D'],
  Ł: ['L'],
  Ħ: ['H'],
  Ŋ: ['N'],
};

/** Spellings kept per token: a name with many umlauts does not multiply without end. */
const MAX_SPELLINGS = 64;

/** The text with every Cyrillic letter transliterated, upper case (ß becomes SS here), apostrophes out. */
function prepare(text: string): string {
  return transliterateCyrillic(text.normalize('NFC').toLowerCase())
    .replace(/ı/g, 'i')
    .toUpperCase()
    .replace(/['’ʼʻ‘`´.]/g, '');
}

function spellingsOfLetter(letter: string): string[] {
  const listed = ICAO_LATIN[letter];
  if (listed) return listed;
  const plain = letter.normalize('NFD').replace(/\p{M}/gu, '');
  return [/^[A-Z0-9]+$/.test(plain) ? plain : ''];
}

/** Every MRZ spelling of one token (a run of letters), deduplicated, at most MAX_SPELLINGS. */
function spellingsOfToken(token: string): string[] {
  let spellings = [''];
  for (const letter of token) {
    const options = spellingsOfLetter(letter);
    spellings = [...new Set(spellings.flatMap((s) => options.map((o) => s + o)))].slice(0, MAX_SPELLINGS);
  }
  return spellings.filter(Boolean);
}

export interface TypedToken {
  /** As typed (after case folding), for the explanation. */
  typed: string;
  /** The MRZ spellings, the recommended first. */
  spellings: string[];
}

/** A typed name into tokens with their MRZ spellings; a token with no Latin rendering is left out. */
export function mrzTokensOf(name: string): TypedToken[] {
  return prepare(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((typed) => ({ typed, spellings: spellingsOfToken(typed) }))
    .filter((token) => token.spellings.length > 0);
}
