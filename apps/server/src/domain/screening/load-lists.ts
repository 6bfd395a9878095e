/**
 * The lists of SCREENING_LISTS read into this instance's memory at start-up (issue 18, slice 2;
 * docs/screening.md "Loading"): each file streamed through its format's parser while its SHA-256 is
 * taken, its metadata and its entries' fingerprints written to the database. A URL list is never fetched
 * here (start-up needs no network): it is recorded as not yet fetched for the refresh job (slice 3). A
 * file that cannot be read or parsed is recorded with its error and left out; the others load.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Repositories } from '../../data/repositories/index.ts';
import { diffEntries } from './delta.ts';
import type { ListEntry, ParsedList } from './entry.ts';
import type { LoadedList } from './matching/name-index.ts';
import { readList } from './read-list.ts';

/** A list as loaded, with the content hash its runs record. */
export interface LoadedListVersion extends LoadedList {
  source: string;
  contentHash: string;
}

/** What loading ended with, per configured source. */
export interface ListLoadOutcome {
  id: string;
  source: string;
  state: 'loaded' | 'not_yet_fetched' | 'failed';
  entryCount: number;
  error?: string;
}

export const NOT_YET_FETCHED = 'not yet fetched: URL lists are fetched by the refresh job';

export const isUrl = (source: string) => /^https:\/\//i.test(source);

/** The list's name: its file name (or the URL's last segment), made unique among the sources. */
export function listIds(sources: readonly string[]): string[] {
  const taken = new Set<string>();
  return sources.map((source) => {
    const base =
      (isUrl(source)
        ? (new URL(source).pathname.split('/').filter(Boolean).pop() ?? new URL(source).hostname)
        : path.basename(source)) || 'list';
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    return id;
  });
}

/** SHA-256 of an entry as parsed: a changed name, date, nationality, kind or programme changes it. */
export function entryFingerprint(entry: ListEntry): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        entry.kind,
        entry.names.map((n) => [n.full, n.weak, n.script ?? '']),
        entry.datesOfBirth,
        entry.nationalities,
        entry.programmes,
        entry.category,
      ]),
    )
    .digest('hex');
}

/** Reads one file, hashing the bytes as they pass. */
async function readFileList(
  source: string,
  id: string,
): Promise<{ list: Awaited<ReturnType<typeof readList>>; contentHash: string }> {
  const hash = createHash('sha256');
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for await (const chunk of createReadStream(source)) {
      const bytes = chunk as Buffer;
      hash.update(bytes);
      yield bytes;
    }
  }
  const list = await readList(chunks(), id);
  return { list, contentHash: hash.digest('hex') };
}

export interface LoadLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * Loads every file source, records every source's state, and answers the loaded versions. The
 * fingerprints of a version already recorded (same content hash) are not written again.
 */
export async function loadConfiguredLists(
  sources: readonly string[],
  repos: Repositories,
  log: LoadLog,
  now: () => number,
): Promise<{ loaded: LoadedListVersion[]; outcomes: ListLoadOutcome[] }> {
  const ids = listIds(sources);
  const loaded: LoadedListVersion[] = [];
  const outcomes: ListLoadOutcome[] = [];
  for (const [i, source] of sources.entries()) {
    const id = ids[i] ?? source;
    if (isUrl(source)) {
      log.warn({ event: 'screening.list.skipped', list: id }, `screening list ${id}: ${NOT_YET_FETCHED}`);
      const known = await repos.screening.findList(id);
      // A copy fetched earlier stays recorded as it was; only a list never fetched says so.
      if (!known?.content_hash) await repos.screening.setListError(id, source, NOT_YET_FETCHED, now());
      outcomes.push({ id, source, state: 'not_yet_fetched', entryCount: 0 });
      continue;
    }
    try {
      const { list, contentHash } = await readFileList(source, id);
      await recordVersion(repos, { id, source, list, contentHash, at: now() });
      loaded.push({ listId: id, metadata: list.metadata, entries: list.entries, source, contentHash });
      outcomes.push({ id, source, state: 'loaded', entryCount: list.entries.length });
      log.info(
        {
          event: 'screening.list.loaded',
          list: id,
          format: list.metadata.format,
          entries: list.entries.length,
        },
        `screening list ${id} loaded`,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await repos.screening.setListError(id, source, message.slice(0, 500), now());
      outcomes.push({ id, source, state: 'failed', entryCount: 0, error: message });
      log.error({ event: 'screening.list.failed', list: id, err: error }, `screening list ${id} not loaded`);
    }
  }
  return { loaded, outcomes };
}

export interface VersionToRecord {
  id: string;
  source: string;
  list: ParsedList;
  contentHash: string;
  at: number;
  /** A fetched list's validators (conditional GET). */
  validators?: { etag: string | null; lastModified: string | null };
}

/**
 * Records a list version read well, in one transaction on the list's locked row: its metadata, and
 * when its content is new, the entries' fingerprints, the version moved (instances reload, D95) and
 * the delta of the entries added, changed and removed (D94). Answers whether the content was new here
 * (false when unchanged, or when another instance recorded it first).
 */
export async function recordVersion(repos: Repositories, v: VersionToRecord): Promise<boolean> {
  const { id, source, list, contentHash, at } = v;
  return repos.transaction(async (tx) => {
    const known = await tx.screening.lockList(id, source, at);
    const changed = known.content_hash !== contentHash;
    await tx.screening.upsertList(
      {
        id,
        source,
        format: list.metadata.format,
        publishedAt: list.metadata.publishedAt ?? null,
        entryCount: list.entries.length,
        contentHash,
        loadedAt: at,
        lastError: null,
      },
      at,
    );
    await tx.screening.markRefreshed(id, at, v.validators);
    if (!changed) return false;
    const fingerprints = list.entries.map((entry) => ({
      entryId: entry.entryId,
      hash: entryFingerprint(entry),
    }));
    const delta = diffEntries(await tx.screeningDelta.fingerprintsOf(id), fingerprints);
    await tx.screening.writeFingerprints(id, contentHash, fingerprints);
    await tx.screening.markChanged(id, at);
    if (delta.changed.length > 0 || delta.removed.length > 0)
      await tx.screeningDelta.recordDelta({
        listId: id,
        fromHash: known.content_hash ?? '',
        toHash: contentHash,
        ...delta,
        uptoApplicantId: await tx.screeningDelta.highestApplicant(),
        at,
      });
    return true;
  });
}

/** The loaded lists and their versions as one string: a run records it, an approval compares it. */
export function listsKeyOf(lists: readonly LoadedListVersion[]): string {
  return lists
    .map((l) => `${l.listId}:${l.contentHash}`)
    .sort()
    .join(',');
}
