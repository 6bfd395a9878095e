import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Worker } from 'node:worker_threads';
import {
  blankPage,
  generatedIdentity,
  PART11_TD1,
  renderDocument,
  seededRandom,
  td3Lines,
  UTOPIA_TD3,
} from '../../../../test/support/mrz-documents.ts';
import { ocrWorkerOptions, MRZ_CHARACTER_WHITELIST } from './ocr-engine.ts';
import { closeMrzOcr, readMrzFromImage, type ImageMrzResult } from './read-mrz-from-image.ts';

const NOW = Date.UTC(2026, 4, 10);

function found(result: ImageMrzResult) {
  if (!result.found) throw new Error(`expected a zone, got ${result.reason}: ${result.detail}`);
  return result;
}

// One worker for the whole file (the module's own), ended here as the server ends it at shutdown.
afterAll(closeMrzOcr);

describe('the OCR worker loads everything from node_modules', () => {
  it('reads its language data and worker script from local paths and caches nothing', () => {
    const options = ocrWorkerOptions();
    expect(options.langPath).toBeDefined();
    expect(path.isAbsolute(options.langPath ?? '')).toBe(true);
    expect(options.langPath).toContain(`${path.sep}node_modules${path.sep}@tesseract.js-data${path.sep}eng`);
    expect(statSync(path.join(options.langPath ?? '', 'eng.traineddata.gz')).size).toBeGreaterThan(1_000_000);
    expect(options.cacheMethod).toBe('none');
    expect(existsSync(options.workerPath ?? '')).toBe(true);
    expect(options.corePath).toBeUndefined();
    expect(MRZ_CHARACTER_WHITELIST).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<');
  });

  it('refuses any network request from the worker: a URL as language path fails instead of downloading', async () => {
    // The worker script alone, asked (as tesseract.js asks it) to load a language from a URL.
    const thread = new Worker(ocrWorkerOptions().workerPath ?? '');
    try {
      // Progress reports first; then the job's answer.
      const answer = new Promise<{ status: string; data: unknown }>((resolve) =>
        thread.on('message', (message: { status: string; data: unknown }) => {
          if (message.status !== 'progress') resolve(message);
        }),
      );
      thread.postMessage({
        workerId: 'test',
        jobId: 'no-network',
        action: 'loadLanguage',
        payload: {
          langs: 'eng',
          options: {
            langPath: 'https://cdn.example.invalid/tessdata',
            cacheMethod: 'none',
            gzip: true,
            lstmOnly: true,
          },
        },
      });
      const { status, data } = await answer;
      expect(status).toBe('reject');
      expect(String(data)).toMatch(/never uses the network \(asked for https:\/\/cdn\.example\.invalid/);
    } finally {
      await thread.terminate();
    }
  });
});

describe('reading the MRZ from a document photo', () => {
  it('reads the ICAO Utopia passport specimen (TD3) from a clean print', async () => {
    const image = await renderDocument('TD3', UTOPIA_TD3.identity, { documentWidth: 1300, jpegQuality: 90 });
    const result = found(await readMrzFromImage(image, { now: NOW }));
    expect(result.lines).toEqual(UTOPIA_TD3.lines);
    expect(result.reading).toMatchObject({
      valid: true,
      format: 'TD3',
      documentNumber: 'L898902C3',
      names: { primary: 'ERIKSSON', secondary: 'ANNA MARIA' },
    });
    expect(result.confidence).toBeGreaterThan(0);
  });

  it('reads the ICAO Part 11 identity card (TD1) with its 12-character document number', async () => {
    const image = await renderDocument('TD1', PART11_TD1.identity, {
      documentWidth: 1000,
      jpegQuality: 90,
      lines: PART11_TD1.lines,
    });
    const result = found(await readMrzFromImage(image, { now: NOW }));
    expect(result.lines).toEqual(PART11_TD1.lines);
    expect(result.reading).toMatchObject({
      valid: true,
      format: 'TD1',
      documentNumber: 'D23145890734',
      names: { primary: 'STEVENSON', secondary: 'PETER JOHN' },
    });
  });

  it('reads a tilted, blurred, noisy JPEG of a generated passport', async () => {
    const identity = generatedIdentity(seededRandom(7), 'TD3');
    const image = await renderDocument('TD3', identity, {
      documentWidth: 1100,
      tilt: -1.5,
      blur: 0.9,
      noise: 6,
      jpegQuality: 70,
      seed: 7,
    });
    const result = found(await readMrzFromImage(image, { now: NOW }));
    expect(result.reading.valid).toBe(true);
    expect(result.lines[1]?.slice(0, 28)).toBe(td3Lines(identity)[1].slice(0, 28));
  });

  it('repairs look-alike letters printed in the date of birth (O for 0, B for 8) under its check digit', async () => {
    const [line1, line2] = UTOPIA_TD3.lines as [string, string];
    const misprinted = [line1, line2.replace('7408122', '74OB122')];
    const image = await renderDocument('TD3', UTOPIA_TD3.identity, {
      documentWidth: 1300,
      lines: misprinted,
    });
    const result = found(await readMrzFromImage(image, { now: NOW }));
    expect(result.reading).toMatchObject({ valid: true, dateOfBirth: { raw: '740812', iso: '1974-08-12' } });
    expect(result.lines).toEqual(UTOPIA_TD3.lines);
    // The B is read as printed and repaired; tesseract itself often reads the O as 0 among digits.
    expect(result.reading.valid && result.reading.repairs).toContainEqual({
      line: 2,
      column: 17,
      from: 'B',
      to: '8',
      field: 'dateOfBirth',
    });
  });

  it('answers no zone, with the reason, for a blank page', async () => {
    const result = await readMrzFromImage(await blankPage(), { now: NOW });
    expect(result).toMatchObject({ found: false, reason: 'blank_image', passes: 0 });
  });

  it('answers no zone after trying every region for a page without an MRZ', async () => {
    const image = await renderDocument('TD3', UTOPIA_TD3.identity, { documentWidth: 1000, lines: [] });
    const result = await readMrzFromImage(image, { now: NOW });
    expect(result).toMatchObject({ found: false, reason: 'no_zone', passes: 4 });
    expect(result.found || result.detail).toMatch(/no two or three lines of MRZ characters/);
  });

  it('refuses bytes that are not a JPEG, PNG or WebP image', async () => {
    const result = await readMrzFromImage(Buffer.from('%PDF-1.7 not an image'), { now: NOW });
    expect(result).toMatchObject({ found: false, reason: 'unreadable_image' });
  });
});
