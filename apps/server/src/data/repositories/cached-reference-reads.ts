/**
 * Reference data read on every kyc-info (issue 14: kyc-info on PostgreSQL paid a round trip for each):
 * the withdrawal quotas, the provider route of a country and the questionnaire template versions, and
 * the service levels every back-office queue page reads (issue 17), are
 * kept in memory (lib/cached-read.ts) by the repositories handed to the hot readers (composition.ts).
 * Reads inside a transaction always go to the database. Whoever changes one of them calls `changed`
 * after the commit: this instance drops its copy at once and, with REDIS_URL, every other instance too
 * (lib/shared-state); without Redis another instance keeps its copy for at most REFERENCE_TTL_MS
 * (docs/operations.md "Reference data in memory"). Arrays handed out are frozen: a caller that tried to
 * change the shared copy would fail loudly instead of changing every later answer.
 */
import { cachedRead, cachedReads } from '../../lib/cached-read.ts';
import type { Repositories } from './index.ts';

export const REFERENCE_TOPICS = [
  'quotas',
  'provider-routes',
  'questionnaire-templates',
  'service-levels',
] as const;
export type ReferenceTopic = (typeof REFERENCE_TOPICS)[number];

/** As long as the country catalogue's (domain/countries/country-catalogue.ts). */
export const REFERENCE_TTL_MS = 60_000;

export interface ReferenceReads {
  /** The same repositories, with the three reads from memory outside transactions. */
  repos: Repositories;
  /** Drops this instance's copy of `topic` (the shared-state handler of the topic calls it). */
  drop(topic: ReferenceTopic): void;
}

const frozen = async <T>(rows: Promise<T[]>): Promise<readonly T[]> => Object.freeze(await rows);

export function cachedReferenceReads(
  repos: Repositories,
  options: { ttlMs?: number | undefined; now?: () => number } = {},
): ReferenceReads {
  const timing = { ttlMs: options.ttlMs ?? REFERENCE_TTL_MS, ...(options.now ? { now: options.now } : {}) };
  const quotas = cachedRead(() => frozen(repos.kyc.quotas()), timing);
  const routes = cachedReads((country: string) => repos.verificationPaths.providerRoute(country), timing);
  const templates = cachedRead(() => frozen(repos.questionnaires.templateVersions()), timing);
  // Issue 17: every queue page reads the service levels (due times); admins change them rarely.
  const serviceLevels = cachedRead(() => frozen(repos.work.serviceLevels()), timing);

  const overrides = {
    kyc: { ...repos.kyc, quotas: () => quotas.get() as ReturnType<Repositories['kyc']['quotas']> },
    verificationPaths: {
      ...repos.verificationPaths,
      providerRoute: (country: string) => routes.get(country),
    },
    questionnaires: {
      ...repos.questionnaires,
      templateVersions: () =>
        templates.get() as ReturnType<Repositories['questionnaires']['templateVersions']>,
    },
    work: {
      ...repos.work,
      serviceLevels: () => serviceLevels.get() as ReturnType<Repositories['work']['serviceLevels']>,
    },
  };
  // Every other repository and `transaction` are the originals, read through on each access.
  const cached = {} as Repositories;
  for (const name of Object.keys(repos)) {
    Object.defineProperty(cached, name, {
      enumerable: true,
      get: () =>
        name in overrides ? overrides[name as keyof typeof overrides] : repos[name as keyof Repositories],
    });
  }
  Object.defineProperty(cached, 'transaction', { value: repos.transaction });

  return {
    repos: cached,
    drop(topic) {
      if (topic === 'quotas') quotas.invalidate();
      else if (topic === 'provider-routes') routes.invalidate();
      else if (topic === 'service-levels') serviceLevels.invalidate();
      else templates.invalidate();
    },
  };
}
