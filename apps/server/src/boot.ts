/**
 * The one-off start-up work, run by server.ts once before it listens (and by test support after it seeds
 * a database, as the server does after its demo seed): never by buildApp. Each step is idempotent, so
 * running it again on the same database changes nothing.
 *
 * - the audit chain's HMAC key, derived from the master key (lib/audit-chain-hash.ts);
 * - applicant rows still holding clear personal data (before migration 007, or the demo seed, which
 *   runs without the master key) are sealed under each user's data key (docs/kyc.md);
 * - questionnaire template files not yet published are published (docs/questionnaires.md); a published
 *   version whose file changed is reported, not applied;
 * - partner signing secrets stored in clear (the demo seed) are sealed (docs/sdk.md).
 */
import path from 'node:path';
import type { Config } from './config.ts';
import type { Database } from './data/db.ts';
import { repositories } from './data/repositories/index.ts';
import { sealClearPersonalData } from './domain/kyc/personal-data.ts';
import { partnerAuthUseCases } from './domain/partners/partner-auth.ts';
import { seedQuestionnaireTemplates } from './domain/questionnaires/template-publishing.ts';
import { useAuditChainKey } from './lib/audit-chain-hash.ts';
import { createKeyring } from './lib/crypto/envelope.ts';

/** Questionnaire templates (docs/questionnaires.md): published into the database at start. */
const QUESTIONNAIRE_CONTENT = path.resolve(import.meta.dirname, '../../../content/questionnaires');

export interface BootReport {
  /** Applicant rows whose clear personal data was sealed. */
  personalDataSealed: number;
  /** Template versions published now (`code.vN`). */
  templatesPublished: string[];
  /** Published template versions whose file differs: publish a new version instead. */
  templatesChanged: string[];
  /** Partner signing secrets sealed. */
  partnerSecretsSealed: number;
}

export async function boot(config: Config, database: Database): Promise<BootReport> {
  useAuditChainKey(config.dataMasterKey, config.dataMasterKeyPrevious);
  const keyring = createKeyring(config.dataMasterKey, config.dataMasterKeyPrevious);
  const repos = repositories(database.db);
  const personalDataSealed = await sealClearPersonalData(database.db, keyring);
  const templates = await seedQuestionnaireTemplates(repos, QUESTIONNAIRE_CONTENT, Date.now());
  const partnerSecretsSealed = await partnerAuthUseCases({
    businesses: repos.sdk,
    secrets: repos.partnerSecrets,
    keyring,
  }).sealClearSecrets();
  return {
    personalDataSealed,
    templatesPublished: templates.published,
    templatesChanged: templates.changed,
    partnerSecretsSealed,
  };
}
