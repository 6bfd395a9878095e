/**
 * What every questionnaire use-case shares (docs/questionnaires.md): the repository set (D42, the only
 * way to the database), the blob store, the keyring of the users' data keys, the secret of the
 * questionnaire token, the clock, and one template loader, so a template version is parsed once per
 * process whichever use-case reads it first.
 */
import type { QuestionnaireTemplate } from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import type { BlobStore } from '../../lib/uploads/blob-store.ts';
import type { RiskRecompute } from '../risk/risk-service.ts';
import { templateLoader } from './template-loader.ts';

export interface QuestionnaireDeps {
  /** Questionnaires, submissions (the wrapped data keys), kyc (levels, countries), users; one transaction. */
  repos: Repositories;
  blobs: BlobStore;
  keyring: MasterKeyring;
  /** Signs questionnaire tokens (the session secret). */
  tokenSecret: string;
  now?: () => number;
  /** Issue 18: a submission of a template whose answers are risk factors recomputes the risk score. */
  risk?: RiskRecompute;
}

export interface QuestionnaireContext {
  repos: Repositories;
  blobs: BlobStore;
  keyring: MasterKeyring;
  tokenSecret: string;
  now: () => number;
  risk?: RiskRecompute;
  /** A published template version, parsed once (51004 when unknown). */
  load: (code: string, version: number) => Promise<QuestionnaireTemplate>;
}

/** Who is submitting, for the record (agreements keep time, address and language). */
export interface SubmitMeta {
  language: string;
  ipAddress: string;
  userAgent: string;
}

export function questionnaireContext(deps: QuestionnaireDeps): QuestionnaireContext {
  return {
    repos: deps.repos,
    blobs: deps.blobs,
    keyring: deps.keyring,
    tokenSecret: deps.tokenSecret,
    now: deps.now ?? Date.now,
    ...(deps.risk ? { risk: deps.risk } : {}),
    load: templateLoader(deps.repos.questionnaires),
  };
}
