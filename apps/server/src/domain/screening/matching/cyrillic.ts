/**
 * Cyrillic to Latin by the ICAO Doc 9303 table (Part 3, "Transliteration of Cyrillic characters"), the
 * one machine-readable passports use: a name a person types from their passport's Latin line and the
 * Cyrillic alias of a list then meet on the same spelling. It covers Russian, Ukrainian, Belarusian and
 * the Serbian / Macedonian letters. A general package (any-ascii) would give another romanisation (any-ascii
 * writes Юрий "Yuriy", the passport "Iurii") for exactly the script most sanctions names come in; D64.
 */

const ICAO_9303: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: 'ie',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'iu',
  я: 'ia',
  // Ukrainian, Belarusian
  ґ: 'g',
  є: 'ie',
  і: 'i',
  ї: 'i',
  ў: 'u',
  // Serbian, Macedonian
  ђ: 'd',
  ѓ: 'g',
  ѕ: 'dz',
  ј: 'j',
  љ: 'lj',
  њ: 'nj',
  ќ: 'k',
  ћ: 'c',
  џ: 'dz',
  // historical letters still found in names
  ѣ: 'ie',
  ѳ: 'f',
  ѵ: 'y',
};

/** Transliterates every Cyrillic letter of a lower-case text; other characters pass through. */
export function transliterateCyrillic(lowerCaseText: string): string {
  let out = '';
  for (const char of lowerCaseText) out += ICAO_9303[char] ?? char;
  return out;
}
