/**
 * The shapes every area of a person's copy shares (docs/data-export.md "What is in it"): a file of the
 * zip, times as ISO 8601 in UTC, a sealed value opened or null when it no longer opens, a JSON file, and
 * the file extension of a stored document.
 */
import type { Repositories } from '../../data/repositories/index.ts';

/** One file of the zip: a path inside it and its bytes; JSON is compressed, documents are stored. */
export interface ExportFile {
  path: string;
  bytes: Buffer;
  compress: boolean;
}

export const iso = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString();

/** What each area is read from: the repositories, the person's data key (held by the caller) and their id. */
export interface PersonSources {
  repos: Repositories;
  key: Buffer;
  userId: number;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};
export const extensionOf = (mime: string) => EXTENSIONS[mime] ?? 'bin';

/** Opens a sealed value, or null when it does not open (a row written before a key existed, a moved blob). */
export function openOrNull<T>(open: () => T): T | null {
  try {
    return open();
  } catch {
    return null;
  }
}

export const json = (path: string, value: unknown): ExportFile => ({
  path,
  bytes: Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8'),
  compress: true,
});
