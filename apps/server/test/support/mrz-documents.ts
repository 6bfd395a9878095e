/**
 * Synthetic identity documents for the MRZ OCR tests and `npm run bench -- --only mrz-ocr` (issue 19):
 * a passport data page (TD3, ID-3 size, 125 × 88 mm) or the back of an ID card (TD1, ID-1 size,
 * 85.6 × 54 mm) drawn from an SVG by sharp (librsvg): a header, printed fields, a grey portrait
 * rectangle and the machine-readable zone in DejaVu Sans Mono (Debian's fonts-dejavu-core, free licence;
 * no OCR-B font ships in an npm package we could find), at ICAO's pitch of 2.54 mm per character. The
 * page lies on a darker surface, as in a photo, and can be tilted, blurred, given noise and saved as
 * JPEG at a chosen quality. Everything is deterministic: the same spec gives the same bytes.
 */
import sharp from 'sharp';

/** ICAO 9303 Part 3 §4.9: weights 7, 3, 1; A-Z = 10-35, '<' = 0. */
export function checkDigit(text: string): string {
  const value = (c: string) => (c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55);
  return String([...text].reduce((sum, c, i) => sum + value(c) * ([7, 3, 1][i % 3] ?? 0), 0) % 10);
}

export interface Identity {
  /** P for a passport (TD3); I or ID for an identity card (TD1). */
  documentCode: string;
  issuingState: string;
  surname: string;
  givenNames: string;
  documentNumber: string;
  nationality: string;
  /** YYMMDD. */
  dateOfBirth: string;
  sex: 'M' | 'F' | 'X';
  /** YYMMDD. */
  expiryDate: string;
  /** TD3: the personal number; TD1: the first optional data field. */
  optionalData?: string;
}

const pad = (text: string, length: number) => text.padEnd(length, '<').slice(0, length);
const nameField = (identity: Identity, length: number) =>
  pad(`${identity.surname.replace(/[ -]/g, '<')}<<${identity.givenNames.replace(/[ -]/g, '<')}`, length);

/** The two TD3 lines of a passport, every check digit computed. */
export function td3Lines(identity: Identity): [string, string] {
  const number = pad(identity.documentNumber, 9);
  const optional = pad(identity.optionalData ?? '', 14);
  const numberPart = number + checkDigit(number);
  const dobPart = identity.dateOfBirth + checkDigit(identity.dateOfBirth);
  const expiryPart = identity.expiryDate + checkDigit(identity.expiryDate);
  const optionalPart = optional + (identity.optionalData ? checkDigit(optional) : '<');
  const composite = checkDigit(numberPart + dobPart + expiryPart + optionalPart);
  return [
    pad(`${identity.documentCode}<`, 2) + identity.issuingState + nameField(identity, 39),
    numberPart + identity.nationality + dobPart + identity.sex + expiryPart + optionalPart + composite,
  ];
}

/** The three TD1 lines of an ID card (a document number of at most 9 characters). */
export function td1Lines(identity: Identity): [string, string, string] {
  const number = pad(identity.documentNumber, 9);
  const line1 =
    pad(identity.documentCode, 2) +
    identity.issuingState +
    number +
    checkDigit(number) +
    pad(identity.optionalData ?? '', 15);
  const line2Start =
    identity.dateOfBirth +
    checkDigit(identity.dateOfBirth) +
    identity.sex +
    identity.expiryDate +
    checkDigit(identity.expiryDate) +
    identity.nationality +
    pad('', 11);
  // Part 5: upper line 6-30, middle line 1-7, 9-15 and 19-29.
  const composite = checkDigit(
    line1.slice(5, 30) + line2Start.slice(0, 7) + line2Start.slice(8, 15) + line2Start.slice(18, 29),
  );
  return [line1, line2Start + composite, nameField(identity, 30)];
}

/** ICAO 9303 Part 4 and Part 3: the Utopia passport specimen. */
export const UTOPIA_TD3 = {
  identity: {
    documentCode: 'P',
    issuingState: 'UTO',
    surname: 'ERIKSSON',
    givenNames: 'ANNA MARIA',
    documentNumber: 'L898902C3',
    nationality: 'UTO',
    dateOfBirth: '740812',
    sex: 'F',
    expiryDate: '120415',
    optionalData: 'ZE184226B',
  } satisfies Identity,
  lines: ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'],
};

/** ICAO 9303 Part 11, Appendix D.2: a TD1 whose 12-character document number overflows. */
export const PART11_TD1 = {
  identity: {
    documentCode: 'I',
    issuingState: 'UTO',
    surname: 'STEVENSON',
    givenNames: 'PETER JOHN',
    documentNumber: 'D23145890734',
    nationality: 'UTO',
    dateOfBirth: '340712',
    sex: 'M',
    expiryDate: '950712',
  } satisfies Identity,
  lines: [
    'I<UTOD23145890<7349<<<<<<<<<<<',
    '3407127M9507122UTO<<<<<<<<<<<2',
    'STEVENSON<<PETER<JOHN<<<<<<<<<',
  ],
};

/** mulberry32: the same identities and the same noise on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SURNAMES = (
  'MUELLER OKONKWO GARCIA<LOPEZ NGUYEN KOWALSKI OLSEN IVANOVA DUBOIS ROSSI SILVA HASSAN ' +
  'OCONNOR PETROVIC BOOTH ZIEGLER SOKOLOVA MAGNUSSON QUINTERO BIZIMANA DE<GROOT'
).split(' ');
const GIVEN = (
  'ANNA MARIA JOHN PETER OLGA JOSE LUIS CHIDI MEI LING SOPHIE BORIS ZOE OSKAR GIULIA SIOBHAN ' +
  'IBRAHIM AMARA SOREN BEATRIZ'
).split(' ');
const STATES = ['UTO', 'D<<', 'FRA', 'NGA', 'BRA', 'POL', 'NOR', 'IRL', 'SRB', 'ZAF'];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';

/**
 * A generated identity with a plausible document number (letters and digits, O and 0 both among them
 * so the repair and the reading are exercised), dates that exist, every field within its length.
 */
export function generatedIdentity(rand: () => number, format: 'TD1' | 'TD3'): Identity {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const twoDigits = (from: number, to: number) =>
    String(from + Math.floor(rand() * (to - from + 1))).padStart(2, '0');
  const date = (fromYear: number, toYear: number) =>
    twoDigits(fromYear, toYear) + twoDigits(1, 12) + twoDigits(1, 28);
  const state = pick(STATES);
  const numberLength = format === 'TD3' ? 9 : 8 + Math.floor(rand() * 2);
  const documentNumber = Array.from({ length: numberLength }, (_, i) =>
    i < 2 || rand() < 0.25 ? pick([...LETTERS]) : pick([...DIGITS]),
  ).join('');
  const givenNames = rand() < 0.4 ? `${pick(GIVEN)} ${pick(GIVEN)}` : pick(GIVEN);
  return {
    documentCode: format === 'TD3' ? 'P' : pick(['I', 'ID']),
    issuingState: state,
    surname: pick(SURNAMES),
    givenNames,
    documentNumber,
    nationality: state,
    dateOfBirth: date(50, 99),
    sex: pick(['M', 'F', 'F', 'M', 'X'] as const),
    expiryDate: date(27, 35),
    optionalData:
      format === 'TD3' && rand() < 0.5
        ? Array.from({ length: 9 }, () => pick([...LETTERS, ...DIGITS])).join('')
        : undefined,
  };
}

export interface RenderOptions {
  /** Width of the document itself in pixels (the photo adds a margin of the surface around it). */
  documentWidth: number;
  /** Degrees, clockwise; ICAO readers see ±2° from a hand-held phone. */
  tilt?: number;
  /** Gaussian blur sigma in pixels of the final image (0: none). */
  blur?: number;
  /** Standard deviation of the Gaussian noise added to each channel, 0-255 scale (0: none). */
  noise?: number;
  /** JPEG quality 1-100; omitted: PNG. */
  jpegQuality?: number;
  /** Seed of the noise. */
  seed?: number;
  /** The MRZ lines as printed (default: from the identity); lets a test print a look-alike character. */
  lines?: string[];
  /** A photo (PNG or JPEG) printed as the portrait instead of the grey placeholder (the face tests). */
  portrait?: Buffer;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const MONTHS = 'JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC'.split(' ');
function printedDate(yymmdd: string, birth: boolean): string {
  const yy = Number(yymmdd.slice(0, 2));
  const year = birth ? (yy > 30 ? 1900 + yy : 2000 + yy) : 2000 + yy;
  return `${yymmdd.slice(4, 6)} ${MONTHS[Number(yymmdd.slice(2, 4)) - 1] ?? '???'} ${year}`;
}

/** DejaVu Sans Mono's advance is 0.602 em (1233 of 2048 units): the font size giving a pitch. */
const MONO_ADVANCE_EM = 1233 / 2048;
const MRZ_FONT = 'DejaVu Sans Mono';
const PRINT_FONT = 'DejaVu Sans';

/** The page as an SVG, in millimetres scaled to `documentWidth` pixels. */
function documentSvg(
  format: 'TD1' | 'TD3',
  identity: Identity,
  lines: string[],
  width: number,
  portrait?: Buffer,
): string {
  const size = format === 'TD3' ? { w: 125, h: 88 } : { w: 85.6, h: 54 };
  const px = width / size.w;
  const height = Math.round(size.h * px);
  const mm = (value: number) => (value * px).toFixed(2);
  const pitch = 2.54;
  const mrzFont = pitch / MONO_ADVANCE_EM;
  const mrzLeft = (size.w - pitch * (lines[0]?.length ?? 44)) / 2;
  // Baselines from the page's bottom edge, as ICAO 9303 Part 3/4/5 place the zone.
  const baselines =
    format === 'TD3' ? [size.h - 11.2, size.h - 4.6] : [size.h - 12.6, size.h - 7.6, size.h - 2.6];
  const zoneTop = (baselines[0] ?? 0) - 5;
  const text = (x: number, y: number, fontSize: number, content: string, extra = '') =>
    `<text x="${mm(x)}" y="${mm(y)}" font-family="${PRINT_FONT}" font-size="${mm(fontSize)}" ${extra}>${escapeXml(content)}</text>`;
  const field = (x: number, y: number, label: string, value: string) =>
    text(x, y, 1.7, label, 'fill="#4a5a78"') + text(x, y + 3.6, 2.8, value, 'fill="#161616"');
  const country = identity.issuingState.replace(/</g, '');
  const parts: string[] = [
    `<rect width="${width}" height="${height}" rx="${mm(3)}" fill="#f3efe2"/>`,
    // A faint guilloche-like band behind the fields, as security printing has.
    `<rect x="0" y="${mm(8)}" width="${width}" height="${mm(size.h - 30)}" fill="#e8eef3"/>`,
  ];
  if (format === 'TD3') {
    parts.push(
      text(6, 6.5, 3.4, `PASSPORT  ${country}`, 'font-weight="bold" fill="#23345a"'),
      portrait
        ? `<image x="${mm(6)}" y="${mm(12)}" width="${mm(30)}" height="${mm(40)}" preserveAspectRatio="xMidYMid slice" href="data:image/png;base64,${portrait.toString('base64')}"/>`
        : `<rect x="${mm(6)}" y="${mm(12)}" width="${mm(30)}" height="${mm(40)}" fill="#9a9a9a"/><ellipse cx="${mm(21)}" cy="${mm(27)}" rx="${mm(8)}" ry="${mm(10)}" fill="#7d7d7d"/>`,
      field(42, 13, 'Type / Code', `${identity.documentCode}   ${country}`),
      field(80, 13, 'Passport No.', identity.documentNumber),
      field(42, 21, 'Surname', identity.surname.replace(/</g, ' ')),
      field(42, 29, 'Given names', identity.givenNames),
      field(42, 37, 'Nationality', identity.nationality.replace(/</g, '')),
      field(80, 37, 'Sex', identity.sex),
      field(42, 45, 'Date of birth', printedDate(identity.dateOfBirth, true)),
      field(80, 45, 'Date of expiry', printedDate(identity.expiryDate, false)),
      text(42, 56, 2.2, 'Signature', 'fill="#4a5a78"'),
    );
  } else {
    parts.push(
      text(4, 5.5, 2.6, `IDENTITY CARD  ${country}`, 'font-weight="bold" fill="#23345a"'),
      `<rect x="${mm(4)}" y="${mm(9)}" width="${mm(14)}" height="${mm(18)}" fill="#a4a4a4"/>`,
      field(22, 10, 'Address', '12 HARBOUR ROAD, PORT'),
      field(22, 18, 'Issued by', `AUTHORITY ${country}`),
      field(60, 18, 'Height', '172 cm'),
    );
  }
  // The zone is white: ICAO requires a clear band behind it.
  parts.push(
    `<rect x="0" y="${mm(zoneTop)}" width="${width}" height="${mm(size.h - zoneTop)}" fill="#fbfaf6"/>`,
  );
  lines.forEach((line, i) =>
    parts.push(
      `<text x="${mm(mrzLeft)}" y="${mm(baselines[i] ?? 0)}" font-family="${MRZ_FONT}" font-size="${mm(mrzFont)}" fill="#101010">${escapeXml(line)}</text>`,
    ),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`;
}

/**
 * Draws the document, lays it on a surface, then degrades it as asked. PNG unless `jpegQuality`.
 */
export async function renderDocument(
  format: 'TD1' | 'TD3',
  identity: Identity,
  options: RenderOptions,
): Promise<Buffer> {
  const lines = options.lines ?? (format === 'TD3' ? td3Lines(identity) : td1Lines(identity));
  const page = await sharp(
    Buffer.from(documentSvg(format, identity, lines, options.documentWidth, options.portrait)),
  )
    .png()
    .toBuffer();
  const { width = 0, height = 0 } = await sharp(page).metadata();
  const margin = Math.round(width * 0.06);
  let image = sharp({
    create: {
      width: width + 2 * margin,
      height: height + 2 * margin,
      channels: 3,
      background: { r: 92, g: 74, b: 60 },
    },
  }).composite([{ input: page, left: margin, top: margin }]);
  if (options.tilt) {
    image = sharp(await image.png().toBuffer()).rotate(options.tilt, {
      background: { r: 92, g: 74, b: 60 },
    });
  }
  if (options.blur) image = sharp(await image.png().toBuffer()).blur(options.blur);
  let buffer = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  if (options.noise) {
    const rand = seededRandom(options.seed ?? 1);
    const data = buffer.data;
    for (let i = 0; i < data.length; i++) {
      // Box–Muller: one normal deviate per channel value.
      const gaussian = Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
      data[i] = Math.max(0, Math.min(255, Math.round((data[i] ?? 0) + gaussian * options.noise)));
    }
    buffer = { data, info: buffer.info };
  }
  const out = sharp(buffer.data, {
    raw: { width: buffer.info.width, height: buffer.info.height, channels: buffer.info.channels },
  });
  return options.jpegQuality ? out.jpeg({ quality: options.jpegQuality }).toBuffer() : out.png().toBuffer();
}

/** A plain sheet of paper on the surface: no text, no zone. */
export async function blankPage(width = 1200): Promise<Buffer> {
  return sharp({
    create: { width, height: Math.round(width * 0.7), channels: 3, background: { r: 240, g: 238, b: 230 } },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}
