import { describe, expect, it } from 'vitest';
import { readMrz } from '../mrz/read-mrz.ts';
import type { ImageMrzResult } from '../ocr/read-mrz-from-image.ts';
import { blurredDocumentJpeg, documentJpeg, portraitJpeg } from '../quality/synthetic-images.ts';
import { evaluateSubmission } from './evaluate.ts';

const NOW = Date.UTC(2026, 4, 10);
const UTOPIA = [
  'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
  'L898902C36UTO7408122F1204159ZE184226B<<<<<10',
];

/** An OCR stand-in: answers per image what the test says, and records the order it was asked in. */
function fakeOcr(answers: Map<Buffer, ImageMrzResult>) {
  const asked: Buffer[] = [];
  const read = (image: Buffer) => {
    asked.push(image);
    return Promise.resolve(
      answers.get(image) ?? ({ found: false, reason: 'no_zone', detail: '', passes: 4, ms: 1 } as const),
    );
  };
  return { read, asked };
}

/** A face finder stand-in that finds no face (the faces have their own tests: faces/face-match.test.ts). */
const noFaces = async () => ({
  faces: [],
  width: 1,
  height: 1,
  crop: () => Promise.resolve(Buffer.alloc(0)),
});

const found = (lines: string[]): ImageMrzResult => ({
  found: true,
  lines,
  confidence: 88,
  reading: readMrz(lines.join('\n'), { now: NOW }),
  corrections: [],
  region: 'bottom',
  passes: 1,
  ms: 1,
});

describe('the checks of one submission', () => {
  it('when an ID card is submitted, then the zone is looked for on the back first, and the front is not read once the back gives a valid zone', async () => {
    const [front, back, selfie] = [
      await documentJpeg(),
      await documentJpeg(1200, 800, 9),
      await portraitJpeg(),
    ];
    const ocr = fakeOcr(new Map([[back, found(UTOPIA)]]));
    const result = await evaluateSubmission(
      { front, back, selfie },
      { lastName: 'Eriksson', firstName: 'Anna Maria', dateOfBirth: '1974-08-12', documentType: 'ID_CARD' },
      { now: NOW, readMrz: ocr.read, findFaces: noFaces },
    );
    expect(ocr.asked).toEqual([back]);
    expect(result.checks.find((c) => c.name === 'mrz')).toMatchObject({
      outcome: 'pass',
      score: 88,
      detail: { code: 'mrz_read', format: 'TD3', side: 'back' },
    });
    // The Utopia specimen expired in 2012; an ID card with a P code disagrees on the document type.
    expect(result.checks.find((c) => c.name === 'expiry')?.outcome).toBe('fail');
    const match = result.checks.find((c) => c.name === 'data_match');
    expect(match?.outcome).toBe('fail');
    expect(
      match?.detail.code === 'data_compared' && match.detail.fields.filter((f) => f.outcome === 'disagrees'),
    ).toEqual([{ field: 'documentType', outcome: 'disagrees', typed: 'ID_CARD', document: 'PASSPORT' }]);
    expect(result.documentKey).toEqual({ issuingState: 'UTO', documentNumber: 'L898902C3' });
    expect(result.checks.find((c) => c.name === 'face_match')).toMatchObject({
      outcome: 'fail',
      detail: { code: 'face_compared', selfieFaces: 0, documentFaces: 0 },
    });
    expect(result.selfieDescriptor).toBeNull();
  });

  it('when no side gives a zone, then mrz warns with the reason, the checks that need it are not run and nothing is hashed', async () => {
    const front = await documentJpeg();
    const ocr = fakeOcr(new Map());
    const result = await evaluateSubmission(
      { front },
      { documentType: 'PASSPORT' },
      { now: NOW, readMrz: ocr.read },
    );
    expect(result.checks.map((c) => [c.name, c.outcome])).toEqual([
      ['quality', 'pass'],
      ['mrz', 'warn'],
      ['data_match', 'not_run'],
      ['expiry', 'not_run'],
      ['duplicate_document', 'not_run'],
      ['face_match', 'not_run'],
    ]);
    expect(result.documentKey).toBeNull();
  });

  it('when there is no document image, then the MRZ checks are not run for that reason', async () => {
    const ocr = fakeOcr(new Map());
    const result = await evaluateSubmission(
      { selfie: await portraitJpeg() },
      { documentType: 'PASSPORT' },
      { now: NOW, readMrz: ocr.read },
    );
    expect(ocr.asked).toEqual([]);
    expect(result.checks.find((c) => c.name === 'mrz')?.detail).toEqual({
      code: 'not_run',
      reason: 'no_document_image',
    });
  });

  it('when a stored side is blurred, then quality fails naming the side, the measure and its threshold', async () => {
    const front = await blurredDocumentJpeg();
    const result = await evaluateSubmission(
      { front },
      { documentType: 'PASSPORT' },
      { now: NOW, readMrz: fakeOcr(new Map()).read },
    );
    const quality = result.checks.find((c) => c.name === 'quality');
    expect(quality?.outcome).toBe('fail');
    expect(quality?.detail).toEqual({
      code: 'image_quality',
      images: [
        {
          side: 'front',
          outcome: 'fail',
          failed: { check: 'blur', reason: 'blurred', value: expect.any(Number), threshold: 40 },
        },
      ],
    });
  });
});
