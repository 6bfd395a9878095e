/**
 * Country wording of the lists to ISO 3166-1 alpha-2. OFAC, the UN and the UK write countries as names
 * ("Russia", "Iran (Islamic Republic of)", "Korea, North"), the EU and the operator CSV mostly as codes.
 * The English names come from ICU (Intl.DisplayNames, shipped with Node) so the table is not ours to keep;
 * the list-specific spellings ICU does not produce are the short table below. A name that maps to nothing
 * is dropped rather than guessed: a wrong nationality would lower a true match's score.
 */

const LIST_SPELLINGS: Record<string, string> = {
  'russian federation': 'RU',
  'iran (islamic republic of)': 'IR',
  'islamic republic of iran': 'IR',
  'korea, north': 'KP',
  "democratic people's republic of korea": 'KP',
  'north korea': 'KP',
  'korea, south': 'KR',
  'republic of korea': 'KR',
  'syrian arab republic': 'SY',
  'united states of america': 'US',
  'united states': 'US',
  'united kingdom of great britain and northern ireland': 'GB',
  'united kingdom': 'GB',
  uk: 'GB',
  'venezuela (bolivarian republic of)': 'VE',
  'bolivia (plurinational state of)': 'BO',
  'democratic republic of the congo': 'CD',
  'congo (democratic republic)': 'CD',
  'congo, democratic republic of the': 'CD',
  'republic of the congo': 'CG',
  "lao people's democratic republic": 'LA',
  burma: 'MM',
  'viet nam': 'VN',
  'republic of moldova': 'MD',
  'moldova, republic of': 'MD',
  'united republic of tanzania': 'TZ',
  'the former yugoslav republic of macedonia': 'MK',
  'palestinian territories': 'PS',
  'state of palestine': 'PS',
  'west bank': 'PS',
  gaza: 'PS',
  türkiye: 'TR',
  turkey: 'TR',
  'cote d ivoire': 'CI',
  "cote d'ivoire": 'CI',
  'ivory coast': 'CI',
  'the gambia': 'GM',
  'gambia, the': 'GM',
  'bahamas, the': 'BS',
  belarus: 'BY',
  kosovo: 'XK',
  crimea: 'UA',
};

/** Codes ICU still names that are withdrawn or not countries (SU would otherwise claim "Russia"). */
const NOT_COUNTRIES = new Set(
  'AC AN BU CP CQ CS DD DG DY EA EU EZ FX HV IC NH NT QO RH SU TA TP UK UN VD XA XB YD YU ZR ZZ'.split(' '),
);

let byName: Map<string, string> | undefined;

function namesTable(): Map<string, string> {
  if (byName) return byName;
  const table = new Map<string, string>();
  const display = new Intl.DisplayNames(['en'], { type: 'region' });
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code)) continue;
      let name: string | undefined;
      try {
        name = display.of(code);
      } catch {
        continue;
      }
      // Unassigned codes come back unchanged.
      if (name && name !== code) table.set(fold(name), code);
    }
  }
  for (const [name, code] of Object.entries(LIST_SPELLINGS)) table.set(fold(name), code);
  byName = table;
  return table;
}

function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** "RU", "ru", "Russia", "Russian Federation" → "RU"; undefined when the wording names no country we know. */
export function toIso2(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^[A-Za-z]{2}$/.test(text)) {
    const code = text.toUpperCase();
    if ([...namesTable().values()].includes(code)) return code;
  }
  return namesTable().get(fold(text));
}

/** Every distinct code among the values, in their order. */
export function toIso2List(values: (string | undefined)[]): string[] {
  const codes: string[] = [];
  for (const value of values) {
    const code = toIso2(value);
    if (code && !codes.includes(code)) codes.push(code);
  }
  return codes;
}
