/**
 * A URL list fetched by the refresh (issue 18, docs/screening.md "Refreshing lists", D95): a conditional
 * GET with the validators of the last good download (ETag → If-None-Match, Last-Modified →
 * If-Modified-Since). 304 means the copy we hold is current. A 200 is read whole and parsed before
 * anything is kept: only a body that parses to entries replaces the last good copy, written beside it
 * and renamed over it, so a crash mid-write leaves the old one. The copy lives in DATA_DIR, so a restart
 * without network loads it.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ParsedList } from './entry.ts';
import { readList } from './read-list.ts';

/** How long a download may take before it counts as failed. */
export const FETCH_TIMEOUT_MS = 120_000;

export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export type FetchOutcome =
  | { kind: 'not_modified' }
  | { kind: 'fetched'; list: ParsedList; bytes: Buffer; contentHash: string; validators: Validators };

/** Where the last good copy of a URL list is kept. */
export function copyPathOf(dataDir: string, listId: string): string {
  return path.join(dataDir, 'screening-lists', listId.replace(/[^A-Za-z0-9._-]/g, '_'));
}

export async function readCopy(dataDir: string, listId: string): Promise<Buffer | undefined> {
  try {
    return await readFile(copyPathOf(dataDir, listId));
  } catch {
    return undefined;
  }
}

/** Replaces the last good copy (write beside, then rename). */
export async function writeCopy(dataDir: string, listId: string, bytes: Buffer): Promise<void> {
  const target = copyPathOf(dataDir, listId);
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.${Date.now()}.part`;
  await writeFile(temporary, bytes);
  await rename(temporary, target);
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * GETs the list, conditionally when we hold a copy and its validators. Throws on a network error, a
 * status other than 200 / 304, an empty body, or a body that is no list we read: the caller keeps the
 * last good copy and records the error.
 */
export async function fetchList(
  url: string,
  listId: string,
  held: Validators | undefined,
  fetchImpl: typeof fetch = fetch,
): Promise<FetchOutcome> {
  const headers: Record<string, string> = {};
  if (held?.etag) headers['if-none-match'] = held.etag;
  if (held?.lastModified) headers['if-modified-since'] = held.lastModified;
  const answer = await fetchImpl(url, { headers, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (answer.status === 304 && held) return { kind: 'not_modified' };
  if (answer.status !== 200) throw new Error(`download failed: HTTP ${answer.status}`);
  const bytes = Buffer.from(await answer.arrayBuffer());
  if (bytes.length === 0) throw new Error('download failed: empty body');
  const list = await readList([bytes], listId);
  return {
    kind: 'fetched',
    list,
    bytes,
    contentHash: sha256(bytes),
    validators: { etag: answer.headers.get('etag'), lastModified: answer.headers.get('last-modified') },
  };
}
