/**
 * One screening run (docs/screening.md "When screening runs", D65, D104): claimed by a lease, the
 * person's identities (as typed, and as on the document once its MRZ was read) screened against the
 * index, the hits sealed under the person's data key, and the hits and the run's completion committed
 * in one transaction that takes the case lock first, so an approval either sees them or committed
 * before them. A failure leaves the run due (or failed after MAX_ATTEMPTS).
 */
import type { Repositories } from '../../data/repositories/index.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import { withDataKey } from '../kyc/data-keys.ts';
import type { RiskRecompute } from '../risk/risk-service.ts';
import { documentIdentityOf } from './document-identity.ts';
import { screenIdentities, type IdentityToScreen } from './identities.ts';
import type { PersonToScreen } from './matching/screen-person.ts';
import type { ScreeningState } from './screening-state.ts';
import { sealHit } from './sealed-hit.ts';

/** How long a claimed run is ours before another taker may assume it died. */
export const RUN_LEASE_MS = 2 * 60_000;
/** A run that failed this many times is given up ('failed'; the approval screens again itself). */
export const MAX_ATTEMPTS = 5;

/** Document types whose issuing country is the holder's nationality. */
const NATIONALITY_DOCUMENTS: readonly string[] = ['PASSPORT', 'ID_CARD'];

class LostClaim extends Error {}

export interface RunDeps {
  repos: Repositories;
  keyring: MasterKeyring;
  threshold: number;
  state: ScreeningState;
  now: () => number;
  risk?: RiskRecompute | undefined;
}

export function screeningRuns({ repos, keyring, threshold, state, now, risk }: RunDeps) {
  /**
   * The person as we hold them: names and date of birth as typed, nationality from the document; and,
   * once the document checks read a valid MRZ, the names and date of birth as on the document when
   * they differ from what was typed (D104).
   */
  async function identitiesOf(userId: number): Promise<IdentityToScreen[] | undefined> {
    const applicant = await repos.kyc.findApplicant(userId);
    const name = [applicant?.first_name ?? '', applicant?.last_name ?? ''].join(' ').trim();
    if (!applicant || !name) return undefined;
    const level1 = [...(await repos.submissions.submissionsOf(userId))]
      .reverse()
      .find((s) => s.level === 1 && NATIONALITY_DOCUMENTS.includes(s.document_type));
    const typed: PersonToScreen = { names: [name] };
    if (applicant.date_of_birth) typed.dateOfBirth = applicant.date_of_birth;
    if (level1?.issuing_country) typed.nationalities = [level1.issuing_country];
    const identities: IdentityToScreen[] = [{ source: 'typed', person: typed }];
    const onDocument = await documentIdentityOf(repos, keyring, userId);
    if (onDocument) {
      const document: PersonToScreen = { ...typed, names: [onDocument.name] };
      if (onDocument.dateOfBirth) document.dateOfBirth = onDocument.dateOfBirth;
      identities.push({ source: 'document', person: document });
    }
    return identities;
  }

  /** Screens one claimed run and commits its hits and its completion together, under the case lock. */
  async function screenRun(runId: number, userId: number): Promise<void> {
    if (state.loaded.length === 0) throw new Error('no screening list is loaded');
    const identities = await identitiesOf(userId);
    if (!identities) throw new Error('no name on file to screen');
    const found = screenIdentities(state.index, identities, threshold);
    const hits = found.map((f) => f.hit);
    const at = now();
    const sealed = await withDataKey(repos.submissions, keyring, userId, at, (key) =>
      found.map(({ hit, source }) => ({ hit, ...sealHit(key, userId, hit, source) })),
    );
    const lists = state.runLists();
    await repos.transaction(async (tx) => {
      await tx.review.lockCase(userId);
      for (const { hit, ourNameEnc, explanationEnc } of sealed)
        await tx.screening.upsertHit(
          {
            userId,
            listId: hit.listId,
            listEntryId: hit.entryId,
            runId,
            matchedName: hit.explanation.matchedName,
            ourNameEnc,
            score: hit.score,
            explanationEnc,
            category: hit.category,
            entryHash: state.fingerprint(hit.listId, hit.entryId),
          },
          at,
        );
      const finished = await tx.screening.finishRun(runId, {
        screenedAt: at,
        lists,
        listsKey: state.listsKey,
        hitCount: hits.length,
      });
      if (!finished) throw new LostClaim();
    });
    state.log.info(
      { event: 'screening.run', run: runId, user: userId, hits: hits.length },
      'screening run done',
    );
    if (hits.length > 0) risk?.soon(userId, 'screening_hits');
  }

  /** Claims the run and screens it; false when someone else holds it. Errors leave it due (or failed). */
  async function runOne(runId: number, userId: number): Promise<boolean> {
    const at = now();
    if (!(await repos.screening.claimRun(runId, at, at + RUN_LEASE_MS))) return false;
    try {
      await screenRun(runId, userId);
      return true;
    } catch (error) {
      if (error instanceof LostClaim) return false;
      const run = await repos.screening.findRun(runId);
      const message = error instanceof Error ? error.message : String(error);
      await repos.screening.failRun(runId, message, (run?.attempts ?? 0) >= MAX_ATTEMPTS);
      throw error;
    }
  }

  return { runOne };
}
