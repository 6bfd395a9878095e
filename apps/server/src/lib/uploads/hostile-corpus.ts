/**
 * The hostile upload corpus of issue 4, built in code by the tests (no binary fixtures in the repository).
 * Test support only: nothing in the server imports it.
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A PNG chunk: length, type, data, CRC over type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A decompression bomb: a few KB of PNG whose IHDR declares width×height 8-bit greyscale pixels, with an
 * IDAT of zlib-compressed zero rows (only the first rows: the header alone must get it refused).
 */
export function pngBomb(width = 30_000, height = 30_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  const rows = Math.min(height, 64);
  const idat = deflateSync(Buffer.alloc(rows * (width + 1)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Noise, so that JPEG data is spread over the whole file (a truncation then really cuts pixels). */
function noise(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

export const validJpeg = (width = 640, height = 480) => noise(width, height).jpeg({ quality: 80 }).toBuffer();
export const validPng = (width = 320, height = 240) => noise(width, height).png().toBuffer();

/** A JPEG taken "on a phone": EXIF with GPS coordinates, camera make and an orientation of 6 (rotate 90°). */
export const jpegWithGps = (width = 400, height = 200) =>
  noise(width, height)
    .withExif({
      IFD0: { Make: 'Phone Maker', Model: 'Phone 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '22/1 17/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '114/1 9/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();

export const htmlAsJpg = () =>
  Buffer.from('<!DOCTYPE html><html><body><script>fetch("/steal?c="+document.cookie)</script></body></html>');

export const svgWithScript = () =>
  Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.domain)</script><rect width="10" height="10"/></svg>',
  );

export const gif = () =>
  Buffer.concat([
    Buffer.from('GIF89a'),
    Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b]),
  ]);

export const webp = () => noise(16, 16).webp().toBuffer();

/** A minimal PDF with correct cross-reference offsets; `extra` objects are added after the page. */
export function pdf(extra: { catalog?: string; page?: string; objects?: (string | Buffer)[] } = {}): Buffer {
  const objects: (string | Buffer)[] = [
    `<< /Type /Catalog /Pages 2 0 R ${extra.catalog ?? ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ${extra.page ?? ''} >>`,
    ...(extra.objects ?? []),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  objects.forEach((body, index) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(part);
    length += part.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  return Buffer.concat([...parts, Buffer.from(xref, 'latin1')]);
}

/** A stream object whose content is Flate-compressed. */
export function flateStream(content: string, dictionary = ''): Buffer {
  const data = deflateSync(Buffer.from(content, 'latin1'));
  return Buffer.concat([
    Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode ${dictionary} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/**
 * An object stream (/Type /ObjStm) holding `objects` (numbered from `first`), its data encoded by
 * `encode` and its dictionary naming `filter` (e.g. `/FlateDecode`, or `5 0 R`, an indirect reference).
 */
export function objectStream(
  objects: string[],
  first: number,
  filter: string,
  encode: (data: Buffer) => Buffer = (data) => deflateSync(data),
): Buffer {
  let offset = 0;
  const header: string[] = [];
  for (const [index, body] of objects.entries()) {
    header.push(`${first + index} ${offset}`);
    offset += body.length + 1;
  }
  const head = `${header.join(' ')} `;
  const data = encode(Buffer.from(head + objects.join('\n') + '\n', 'latin1'));
  return Buffer.concat([
    Buffer.from(
      `<< /Type /ObjStm /N ${objects.length} /First ${head.length} /Length ${data.length} /Filter ${filter} >>\nstream\n`,
      'latin1',
    ),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

const JS_ACTION = '<< /S /JavaScript /JS (app.alert(1)) >>';

/**
 * Issue 11: PDFs with active content, each hidden the way an assessment found (or could find) to pass a
 * check that reads names in the file's text. Objects 1–3 are the catalog, the page tree and the page.
 */
export function hostilePdfs(): Record<string, Buffer> {
  return {
    // The finding: a JavaScript action inside a compressed object stream whose /Filter is an indirect
    // reference (object 5, after the stream), opened by the catalog's /OpenAction.
    'object stream, /Filter by reference': pdf({
      catalog: '/OpenAction 6 0 R',
      objects: [objectStream([JS_ACTION], 6, '5 0 R'), '/FlateDecode'],
    }),
    'object stream under ASCIIHexDecode': pdf({
      catalog: '/OpenAction 5 0 R',
      objects: [
        objectStream([JS_ACTION], 5, '/ASCIIHexDecode', (data) => Buffer.from(`${data.toString('hex')}>`)),
      ],
    }),
    'object stream, /Filter an array by reference': pdf({
      catalog: '/OpenAction 6 0 R',
      objects: [objectStream([JS_ACTION], 6, '5 0 R'), '[/FlateDecode]'],
    }),
    'NUL after every name': pdf({
      catalog: '/OpenAction 4 0 R',
      objects: ['<</S/JavaScript\u0000/JS\u0000(app.alert(1))>>'],
    }),
    '#xx-escaped names': pdf({
      catalog: '/OpenAction 4 0 R',
      objects: ['<< /S /Java#53cript /J#53 (app.alert(1)) >>'],
    }),
    'lower-case #xx-escaped names': pdf({
      catalog: '/Open#41cti#6fn 4 0 R',
      objects: ['<< /S /J#61v#61Script /J#53 (app.alert(1)) >>'],
    }),
    'JavaScript name tree': pdf({
      catalog: '/Names << /JavaScript 4 0 R >>',
      objects: [`<< /Names [(a) ${JS_ACTION}] >>`],
    }),
    '/AA on the page': pdf({
      page: '/AA << /O 4 0 R >>',
      objects: ['<< /S /URI /URI (https://evil.example/) >>'],
    }),
    'URI link annotation': pdf({
      page: '/Annots [4 0 R]',
      objects: [
        '<< /Type /Annot /Subtype /Link /Rect [0 0 612 792] /A << /S /URI /URI (https://evil.example/) >> >>',
      ],
    }),
    'Launch action': pdf({ catalog: '/OpenAction 4 0 R', objects: ['<< /S /Launch /F (cmd.exe) >>'] }),
    'GoToR action': pdf({
      catalog: '/OpenAction 4 0 R',
      objects: ['<< /S /GoToR /F (//evil.example/share/x.pdf) /D [0 /Fit] >>'],
    }),
    'embedded file': pdf({
      catalog: '/Names << /EmbeddedFiles 4 0 R >>',
      objects: [
        '<< /Names [(x.exe) 5 0 R] >>',
        '<< /Type /Filespec /F (x.exe) /EF << /F 6 0 R >> >>',
        '<< /Type /EmbeddedFile /Length 2 >>\nstream\nMZ\nendstream',
      ],
    }),
    'XFA form': pdf({
      catalog: '/AcroForm << /Fields [] /XFA 4 0 R >>',
      objects: ['<< /Length 7 >>\nstream\n<xdp/>\nendstream'],
    }),
    'RichMedia annotation': pdf({
      page: '/Annots [4 0 R]',
      objects: ['<< /Type /Annot /Subtype /RichMedia /Rect [0 0 10 10] >>'],
    }),
  };
}
