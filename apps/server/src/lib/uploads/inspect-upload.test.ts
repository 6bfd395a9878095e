import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { RET_CODES, type RetCodeName } from '@kyc/contracts';
import { AppError } from '../app-error.ts';
import {
  flateStream,
  gif,
  htmlAsJpg,
  jpegWithGps,
  pdf,
  pngBomb,
  svgWithScript,
  validJpeg,
  validPng,
  webp,
} from './hostile-corpus.ts';
import { jpegDimensions, pngDimensions, sniffType } from './image-header.ts';
import { inspectUpload, MAX_OUTPUT_SIDE, MAX_UPLOAD_BYTES } from './inspect-upload.ts';

/** Asserts the promise fails with an AppError of this catalogue code, and returns it. */
async function refused(promise: Promise<unknown>, code: RetCodeName): Promise<AppError> {
  const error = await promise.then(
    () => expect.unreachable(`accepted; expected ${code}`),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  expect((error as AppError).retCode).toBe(RET_CODES[code].code);
  return error as AppError;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('hostile upload corpus (issue 4): each file refused with a clear ret_code or sanitised', () => {
  it('when HTML is uploaded under a .jpg name, then it is refused as a type not allowed', async () => {
    await refused(inspectUpload(htmlAsJpg()), 'UPLOAD_TYPE_NOT_ALLOWED');
    await refused(inspectUpload(htmlAsJpg(), { allowPdf: true }), 'UPLOAD_TYPE_NOT_ALLOWED');
  });

  it('when an SVG with a script is uploaded (whatever its name), then it is refused', async () => {
    await refused(inspectUpload(svgWithScript()), 'UPLOAD_TYPE_NOT_ALLOWED');
  });

  it('when a GIF or a WebP is uploaded, then it is refused (only JPEG and PNG are images here)', async () => {
    await refused(inspectUpload(gif()), 'UPLOAD_TYPE_NOT_ALLOWED');
    await refused(inspectUpload(await webp()), 'UPLOAD_TYPE_NOT_ALLOWED');
  });

  it('when a PNG decompression bomb declares 30000×30000 pixels, then it is refused from its header, fast', async () => {
    const bomb = pngBomb(30_000, 30_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const started = performance.now();
    const error = await refused(inspectUpload(bomb), 'UPLOAD_IMAGE_TOO_LARGE');
    expect(performance.now() - started).toBeLessThan(100); // decoding it would take gigabytes
    expect(error.message).toMatch(/30000×30000/);
  });

  it('when an image is within each side but over 50 megapixels, or one side is over 12000, then it is refused', async () => {
    await refused(inspectUpload(pngBomb(10_000, 10_000)), 'UPLOAD_IMAGE_TOO_LARGE');
    await refused(inspectUpload(pngBomb(12_001, 10)), 'UPLOAD_IMAGE_TOO_LARGE');
  });

  it('when a file is larger than 10 MB (a 50 MB buffer), or empty, then it is refused as too large', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    await refused(inspectUpload(big), 'UPLOAD_TOO_LARGE');
    await refused(inspectUpload(Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x20)), 'UPLOAD_TOO_LARGE');
    await refused(inspectUpload(Buffer.alloc(0)), 'UPLOAD_TOO_LARGE');
  });

  it('when a JPEG is truncated, then it is refused as corrupt', async () => {
    const jpeg = await validJpeg();
    await refused(inspectUpload(jpeg.subarray(0, Math.floor(jpeg.length / 2))), 'UPLOAD_CORRUPT');
    await refused(inspectUpload(jpeg.subarray(0, 200)), 'UPLOAD_CORRUPT');
  });

  it('when a PNG is truncated or its IHDR is damaged, then it is refused as corrupt', async () => {
    const png = await validPng();
    await refused(inspectUpload(png.subarray(0, Math.floor(png.length / 2))), 'UPLOAD_CORRUPT');
    const damaged = Buffer.from(png);
    damaged.write('IHDX', 12, 'latin1');
    await refused(inspectUpload(damaged), 'UPLOAD_CORRUPT');
  });

  it('when a JPEG carries EXIF with GPS, then it is accepted, turned upright, and GPS and all EXIF are gone', async () => {
    const original = await jpegWithGps(400, 200);
    const before = await sharp(original).metadata();
    expect(before.exif?.includes(Buffer.from('Phone Maker'))).toBe(true);
    // The GPS IFD pointer (tag 0x8825) in either byte order.
    const hasGps = (exif: Buffer | undefined) =>
      !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
    expect(hasGps(before.exif)).toBe(true);
    expect(before.orientation).toBe(6);

    const upload = await inspectUpload(original);
    expect(upload).toMatchObject({ kind: 'jpeg', mime: 'image/jpeg', width: 200, height: 400 });
    const after = await sharp(upload.bytes).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect([after.width, after.height]).toEqual([200, 400]);
    expect(upload.bytes.includes(Buffer.from('Phone Maker'))).toBe(false);
    expect(upload.sha256).toBe(sha256(upload.bytes));
  });

  it('when a valid JPEG and PNG are uploaded, then they are re-encoded in their own format with an sRGB profile only', async () => {
    const jpeg = await inspectUpload(await validJpeg(640, 480));
    expect(jpeg).toMatchObject({ kind: 'jpeg', mime: 'image/jpeg', width: 640, height: 480 });
    expect(jpeg.sha256).toBe(sha256(jpeg.bytes));
    const png = await inspectUpload(await validPng(320, 240));
    expect(png).toMatchObject({ kind: 'png', mime: 'image/png', width: 320, height: 240 });
    const meta = await sharp(png.bytes).metadata();
    expect(meta.format).toBe('png');
    expect(meta.exif).toBeUndefined();
    expect(meta.space).toBe('srgb');
    expect(meta.icc).toBeDefined();
  });

  it('when HTML is appended to a real JPEG (a polyglot), then the stored bytes no longer contain it', async () => {
    const polyglot = Buffer.concat([await validJpeg(64, 64), htmlAsJpg()]);
    const upload = await inspectUpload(polyglot);
    expect(upload.bytes.includes(Buffer.from('<script>'))).toBe(false);
  });

  it('when an image is larger than the output cap, then its long side is scaled down to 4000 pixels', async () => {
    const upload = await inspectUpload(await validPng(5000, 100));
    expect([upload.width, upload.height]).toEqual([MAX_OUTPUT_SIDE, 80]);
  });
});

describe('PDF uploads (proof of address)', () => {
  it('when a clean PDF is uploaded where PDFs are allowed, then it is accepted and a rewritten copy is stored', async () => {
    const clean = pdf();
    const upload = await inspectUpload(clean, { allowPdf: true });
    expect(upload).toMatchObject({ kind: 'pdf', mime: 'application/pdf' });
    expect(upload.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(upload.bytes.equals(clean)).toBe(false);
    expect(upload.sha256).toBe(sha256(upload.bytes));
    const copy = await PDFDocument.load(upload.bytes);
    expect(copy.getPageCount()).toBe(1);
    expect(copy.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
  });

  it('when a PDF is uploaded where only images are allowed, then it is refused as a type not allowed', async () => {
    await refused(inspectUpload(pdf()), 'UPLOAD_TYPE_NOT_ALLOWED');
  });

  it('when a PDF holds JavaScript, a launch action or an embedded file, even obfuscated or compressed, then it is refused', async () => {
    const cases = [
      pdf({ catalog: '/OpenAction 4 0 R', objects: ['<< /S /JavaScript /JS (app.alert(1)) >>'] }),
      pdf({ catalog: '/OpenAction 4 0 R', objects: ['<< /S /J#61vaScript /J#53 (app.alert(1)) >>'] }),
      pdf({ catalog: '/OpenAction 4 0 R', objects: ['<< /S /Launch /F (cmd.exe) >>'] }),
      pdf({ catalog: '/Names << /EmbeddedFiles 4 0 R >>', objects: ['<< /Names [] >>'] }),
      pdf({
        objects: [flateStream('5 0 << /S /JavaScript /JS (app.alert(1)) >>', '/Type /ObjStm /N 1 /First 4')],
      }),
    ];
    for (const [index, file] of cases.entries()) {
      const error = await refused(inspectUpload(file, { allowPdf: true }), 'UPLOAD_PDF_ACTIVE_CONTENT');
      expect(error.message, `case ${index}`).toMatch(/active content/);
    }
  });

  it('when a PDF is encrypted, then it is refused: its objects cannot be checked', async () => {
    const encrypted = pdf()
      .toString('latin1')
      .replace('/Root 1 0 R', '/Root 1 0 R /Encrypt << /Filter /Standard >>');
    await refused(
      inspectUpload(Buffer.from(encrypted, 'latin1'), { allowPdf: true }),
      'UPLOAD_PDF_ACTIVE_CONTENT',
    );
  });

  it('when a PDF is cut short, has no trailer, or a compressed stream inflates beyond the budget, then it is refused as corrupt', async () => {
    const clean = pdf();
    await refused(inspectUpload(clean.subarray(0, clean.length - 40), { allowPdf: true }), 'UPLOAD_CORRUPT');
    const noTrailer = Buffer.from(
      clean.toString('latin1').replace(/xref[\s\S]*startxref\n\d+\n/, ''),
      'latin1',
    );
    await refused(inspectUpload(noTrailer, { allowPdf: true }), 'UPLOAD_CORRUPT');
    const brokenStream = pdf({ objects: ['<< /Length 5 /Filter /FlateDecode >>\nstream\nabcde\nendstream'] });
    await refused(inspectUpload(brokenStream, { allowPdf: true }), 'UPLOAD_CORRUPT');
    const bomb = deflateSync(Buffer.alloc(80 * 1024 * 1024), { level: 9 });
    const flateBomb = pdf({
      objects: [
        Buffer.concat([
          Buffer.from(`<< /Length ${bomb.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
          bomb,
          Buffer.from('\nendstream', 'latin1'),
        ]),
      ],
    });
    expect(flateBomb.length).toBeLessThan(MAX_UPLOAD_BYTES);
    const error = await refused(inspectUpload(flateBomb, { allowPdf: true }), 'UPLOAD_CORRUPT');
    expect(error.message).toMatch(/compressed stream unreadable/);
  });

  it('when a clean PDF holds an ordinary compressed content stream, then it is accepted', async () => {
    const file = pdf({ objects: [flateStream('BT /F1 12 Tf 72 712 Td (Utility bill) Tj ET')] });
    await expect(inspectUpload(file, { allowPdf: true })).resolves.toMatchObject({ kind: 'pdf' });
  });
});

describe('image headers', () => {
  it('when bytes are sniffed, then only the magic bytes count', async () => {
    expect(sniffType(await validJpeg(8, 8))).toBe('jpeg');
    expect(sniffType(await validPng(8, 8))).toBe('png');
    expect(sniffType(pdf())).toBe('pdf');
    expect(sniffType(Buffer.concat([Buffer.from(' '), pdf()]))).toBeUndefined();
    expect(sniffType(htmlAsJpg())).toBeUndefined();
  });

  it('when dimensions are read from the header, then they match the decoder', async () => {
    expect(jpegDimensions(await jpegWithGps(400, 200))).toEqual({ width: 400, height: 200 });
    expect(pngDimensions(await validPng(33, 17))).toEqual({ width: 33, height: 17 });
    expect(jpegDimensions(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeUndefined();
  });
});
