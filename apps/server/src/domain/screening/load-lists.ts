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
import { fetchList, readCopy, sha256, writeCopy } from './fetch-list.ts';

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

/** https, or http to this machine only (config.ts SCREENING_URL). */
export const isUrl = (source: string) =>
  /^https:\/\//i.test(source) || /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\//i.test(source);

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

export interface LoadOptions {
  /** Where the last good copies of URL lists are kept (DATA_DIR). */
  dataDir?: string;
  /** The refresh: URL lists are fetched (conditional GET); at start-up only their copies are read. */
  fetchUrls?: boolean;
  fetchImpl?: typeof fetch;
}

/** One URL source: fetched (refresh) or its last good copy read; a failure keeps the copy. */
async function loadUrl(
  source: string,
  id: string,
  repos: Repositories,
  now: () => number,
  options: LoadOptions,
): Promise<{ list: ParsedList; contentHash: string } | 'not_yet_fetched'> {
  const dataDir = options.dataDir;
  const copy = dataDir ? await readCopy(dataDir, id) : undefined;
  const held = copy ? await repos.screening.findList(id) : undefined;
  const fromCopy = async () => {
    if (!copy) return 'not_yet_fetched' as const;
    return { list: await readList([copy], id), contentHash: sha256(copy) };
  };
  if (!options.fetchUrls || !dataDir) return fromCopy();
  let fetched;
  try {
    fetched = await fetchList(
      source,
      id,
      held ? { etag: held.etag, lastModified: held.last_modified } : undefined,
      options.fetchImpl,
    );
  } catch (error) {
    // The last good copy stays in use; the error is recorded for the admin's page.
    const message = error instanceof Error ? error.message : String(error);
    await repos.screening.setListError(id, source, message.slice(0, 500), now());
    const kept = await fromCopy();
    if (kept === 'not_yet_fetched') throw error;
    return kept;
  }
  if (fetched.kind === 'not_modified') {
    const kept = await fromCopy();
    if (kept !== 'not_yet_fetched') await repos.screening.markRefreshed(id, now());
    return kept;
  }
  await writeCopy(dataDir, id, fetched.bytes);
  await recordVersion(repos, {
    id,
    source,
    list: fetched.list,
    contentHash: fetched.contentHash,
    at: now(),
    validators: fetched.validators,
  });
  return { list: fetched.list, contentHash: fetched.contentHash };
}

/**
 * Loads every source, records every source's state, and answers the loaded versions. A file is read
 * and its version recorded (fingerprints and delta only when its content is new); a URL list is read
 * from its last good copy, or fetched when `fetchUrls` (the refresh). A source that fails keeps what
 * was recorded before, with the error.
 */
export async function loadConfiguredLists(
  sources: readonly string[],
  repos: Repositories,
  log: LoadLog,
  now: () => number,
  options: LoadOptions = {},
): Promise<{ loaded: LoadedListVersion[]; outcomes: ListLoadOutcome[] }> {
  const ids = listIds(sources);
  const loaded: LoadedListVersion[] = [];
  const outcomes: ListLoadOutcome[] = [];
  for (const [i, source] of sources.entries()) {
    const id = ids[i] ?? source;
    try {
      let read: { list: ParsedList; contentHash: string };
      if (isUrl(source)) {
        const got = await loadUrl(source, id, repos, now, options);
        if (got === 'not_yet_fetched') {
          log.warn({ event: 'screening.list.skipped', list: id }, `screening list ${id}: ${NOT_YET_FETCHED}`);
          const known = await repos.screening.findList(id);
          if (!known?.content_hash) await repos.screening.setListError(id, source, NOT_YET_FETCHED, now());
          outcomes.push({ id, source, state: 'not_yet_fetched', entryCount: 0 });
          continue;
        }
        read = got;
        const known = await repos.screening.findList(id);
        if (known?.content_hash !== read.contentHash)
          await recordVersion(repos, { id, source, ...read, at: now() });
      } else {
        read = await readFileList(source, id);
        await recordVersion(repos, { id, source, ...read, at: now() });
      }
      const { list, contentHash } = read;
      loaded.push({ listId: id, metadata: list.metadata, entries: list.entries, source, contentHash });
      const failed = (await repos.screening.findList(id))?.last_error;
      outcomes.push({
        id,
        source,
        state: failed ? 'failed' : 'loaded',
        entryCount: list.entries.length,
        ...(failed ? { error: failed } : {}),
      });
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
