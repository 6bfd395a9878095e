import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { astronaut, astronautPortrait, cameraman, selfieFrom } from '../../../../test/support/face-images.ts';
import { generatedIdentity, renderDocument, seededRandom } from '../../../../test/support/mrz-documents.ts';
import { closeFaceEngine } from './face-engine.ts';
import { faceSimilarity } from './face-index.ts';
import { FACE_MATCH_THRESHOLD, faceMatch } from './face-match.ts';
import { DUPLICATE_FACE_THRESHOLD } from './duplicate-face.ts';
import { findFaces } from './find-faces.ts';

// One face worker (one model load) for the whole file, ended as the server ends it at shutdown.
afterAll(closeFaceEngine);

async function oneDescriptor(image: Buffer): Promise<number[]> {
  const found = await findFaces(image);
  expect(found?.faces).toHaveLength(1);
  return found?.faces[0]?.descriptor ?? [];
}

async function passportWith(portrait: Buffer): Promise<Buffer> {
  const identity = generatedIdentity(seededRandom(7), 'TD3');
  return renderDocument('TD3', identity, { documentWidth: 1300, jpegQuality: 88, portrait });
}

describe('the face worker loads everything from node_modules', () => {
  it('finds the three models in @vladmandic/face-api and the .wasm in @tensorflow/tfjs-backend-wasm, and names no URL', () => {
    const require = createRequire(import.meta.url);
    const models = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    for (const model of ['ssd_mobilenetv1_model', 'face_landmark_68_model', 'face_recognition_model']) {
      expect(statSync(path.join(models, `${model}.bin`)).size).toBeGreaterThan(300_000);
      expect(statSync(path.join(models, `${model}-weights_manifest.json`)).isFile()).toBe(true);
    }
    expect(
      statSync(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm')).size,
    ).toBeGreaterThan(100_000);
    const worker = readFileSync(new URL('./face-worker.mjs', import.meta.url), 'utf8');
    expect(worker).not.toMatch(/https?:\/\//);
    expect(worker).toContain('globalThis.fetch = async');
  });
});

describe('finding faces (SSD MobileNet v1 in the face worker)', () => {
  it('finds exactly one face in the public-domain astronaut portrait, where her face is', async () => {
    const found = await findFaces(astronaut());
    expect(found?.faces).toHaveLength(1);
    const face = found?.faces[0];
    expect(face?.score).toBeGreaterThan(0.9);
    expect(face?.descriptor).toHaveLength(128);
    // Her face is in the upper middle of the 512 × 512 photo.
    expect(face?.box.x).toBeGreaterThan(130);
    expect((face?.box.x ?? 0) + (face?.box.width ?? 0)).toBeLessThan(320);
    expect(face?.box.y).toBeLessThan(150);
  });

  it('finds no face on a blank grey image, nor on bytes that are no image', async () => {
    const blank = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#8a8a8a' } })
      .jpeg()
      .toBuffer();
    expect((await findFaces(blank))?.faces).toEqual([]);
    expect(await findFaces(Buffer.from('not an image'))).toBeNull();
  });
});

describe('similarity of descriptors (1 − Euclidean distance)', () => {
  it('keeps the same face above both thresholds after small transforms, and another person below', async () => {
    const reference = await oneDescriptor(astronaut());
    const transformed = [
      await selfieFrom(astronaut(), { mirror: true }),
      await selfieFrom(astronaut(), { brightness: 1.25, jpegQuality: 60 }),
      await selfieFrom(astronaut(), { rotate: 6 }),
      await sharp(astronaut()).resize(300).jpeg({ quality: 70 }).toBuffer(),
    ];
    const same = [];
    for (const image of transformed) same.push(faceSimilarity(reference, await oneDescriptor(image)));
    const other = faceSimilarity(reference, await oneDescriptor(cameraman()));
    console.info(
      'face similarity, same face transformed:',
      same.map((s) => s.toFixed(3)).join(' '),
      '· other person:',
      other.toFixed(3),
    );
    for (const s of same) {
      expect(s).toBeGreaterThanOrEqual(DUPLICATE_FACE_THRESHOLD);
      expect(s).toBeGreaterThanOrEqual(FACE_MATCH_THRESHOLD);
    }
    expect(other).toBeLessThan(FACE_MATCH_THRESHOLD);
  });
});

describe('face_match on a submission', () => {
  it('passes a selfie against a passport printed with the same face, and gives both crops', async () => {
    const result = await faceMatch(
      {
        front: await passportWith(await astronautPortrait()),
        selfie: await selfieFrom(astronaut(), { mirror: true }),
      },
      'PASSPORT',
    );
    console.info('face_match, selfie vs printed portrait:', result.check.score);
    expect(result.check).toMatchObject({
      name: 'face_match',
      outcome: 'pass',
      threshold: FACE_MATCH_THRESHOLD,
    });
    expect(result.check.score).toBeGreaterThanOrEqual(FACE_MATCH_THRESHOLD);
    expect(result.check.detail).toMatchObject({
      code: 'face_compared',
      selfieFaces: 1,
      documentFaces: 1,
      documentSide: 'front',
    });
    const detail = result.check.detail as { selfieCrop: string; documentCrop: string };
    for (const crop of [detail.selfieCrop, detail.documentCrop]) {
      const meta = await sharp(Buffer.from(crop.replace('data:image/jpeg;base64,', ''), 'base64')).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', height: 192 });
    }
    expect(result.selfieDescriptor).toHaveLength(128);
  });

  it('warns (never fails) when the selfie is another person, and fails a selfie without a face', async () => {
    const front = await passportWith(await astronautPortrait());
    const other = await faceMatch({ front, selfie: await selfieFrom(cameraman()) }, 'PASSPORT');
    expect(other.check.outcome).toBe('warn');
    expect(other.check.score).toBeLessThan(FACE_MATCH_THRESHOLD);
    const blank = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#c0b0a0' } })
      .jpeg()
      .toBuffer();
    const none = await faceMatch({ front, selfie: blank }, 'PASSPORT');
    expect(none.check).toMatchObject({ outcome: 'fail', score: null });
    expect(none.check.detail).toMatchObject({ selfieFaces: 0, documentFaces: 1, selfieCrop: null });
    expect(none.selfieDescriptor).toBeNull();
  });

  it('fails a document without a portrait, and does not run without a selfie', async () => {
    const identity = generatedIdentity(seededRandom(3), 'TD3');
    const front = await renderDocument('TD3', identity, { documentWidth: 1300, jpegQuality: 88 });
    const noPortrait = await faceMatch({ front, selfie: await selfieFrom(astronaut()) }, 'PASSPORT');
    expect(noPortrait.check).toMatchObject({ outcome: 'fail', score: null });
    expect(noPortrait.check.detail).toMatchObject({ selfieFaces: 1, documentFaces: 0, documentSide: null });
    expect(noPortrait.selfieDescriptor).toHaveLength(128);
    const noSelfie = await faceMatch({ front }, 'PASSPORT');
    expect(noSelfie.check).toMatchObject({
      outcome: 'not_run',
      detail: { code: 'not_run', reason: 'no_selfie' },
    });
  });
});
