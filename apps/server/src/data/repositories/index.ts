/**
 * The one way the domain reaches the database (decision D42): use-cases receive `Repositories`, created
 * once by the composition root, and never a Kysely handle. Work that must commit together runs in
 * `transaction`, which hands the callback the same repositories bound to one transaction; a
 * compare-and-set inside it that loses rolls back everything the callback wrote.
 *
 *   await repos.transaction(async (tx) => {
 *     await tx.kyc.updateLevel(...);
 *     await tx.audit.append(...);   // the audit entry last: it locks the chain head until commit
 *   });
 *
 * Every repository is a small factory over `Db` (a connection or a transaction), so the set is cheap to
 * bind; the properties are created on first use.
 */
import type { Db } from '../db.ts';
import { accountClosureRepo } from './account-closure-repo.ts';
import { auditChainRepo } from './audit-chain-repo.ts';
import { auditRepo } from './audit-repo.ts';
import { blobReferencesRepo } from './uploaded-files.ts';
import { caseAutoAssignRepo } from './case-auto-assign-repo.ts';
import { countriesRepo } from './countries-repo.ts';
import { dashboardRepo } from './dashboard-repo.ts';
import { documentChecksRepo } from './document-checks-repo.ts';
import { faceEmbeddingsRepo } from './face-embeddings-repo.ts';
import { documentCorrectionsRepo } from './document-corrections-repo.ts';
import { autoDecisionsRepo } from './auto-decisions-repo.ts';
import { dataExportRepo } from './data-export-repo.ts';
import { dataExportSourcesRepo } from './data-export-sources-repo.ts';
import { identityTransfersRepo } from './identity-transfers-repo.ts';
import { kycInfoRepo } from './kyc-info-repo.ts';
import { kycRepo, type PersonalDataCipher } from './kyc-repo.ts';
import { noticesRepo } from './notices-repo.ts';
import { operationsRepo } from './operations-repo.ts';
import { partnerLinksRepo } from './partner-links-repo.ts';
import { partnerSecretsRepo } from './partner-secrets-repo.ts';
import { partnerWebhooksRepo } from './partner-webhooks-repo.ts';
import { partnersRepo } from './partners-repo.ts';
import { providerRoutesRepo } from './provider-routes-repo.ts';
import { questionnaireReviewRepo } from './questionnaire-review-repo.ts';
import { questionnairesRepo } from './questionnaires-repo.ts';
import { recoveryCodesRepo } from './recovery-codes-repo.ts';
import { accountClosuresRepo } from './retention-account-closures-repo.ts';
import { retentionRepo } from './retention-repo.ts';
import { reviewRepo } from './review-repo.ts';
import { riskRepo } from './risk-repo.ts';
import { screeningRepo } from './screening-repo.ts';
import { screeningDeltaRepo } from './screening-delta-repo.ts';
import { screeningAlertsRepo } from './screening-alerts-repo.ts';
import { sdkRepo } from './sdk-repo.ts';
import { sealedValuesRepo } from './sealed-values-repo.ts';
import { securityLogRepo } from './security-log-repo.ts';
import { securityVerificationRepo } from './security-verification-repo.ts';
import { sessionsRepo } from './sessions-repo.ts';
import { staffRepo } from './staff-repo.ts';
import { statusOutboxRepo } from './status-outbox-repo.ts';
import { submissionsRepo } from './submissions-repo.ts';
import { supportRequestsRepo } from './support-requests-repo.ts';
import { usersRepo } from './users-repo.ts';
import { verificationPathsRepo } from './verification-paths-repo.ts';
import { vendorsRepo } from './vendors-repo.ts';
import { workRepo } from './work-repo.ts';

function factories(db: Db, personal: PersonalDataCipher | undefined) {
  return {
    accountClosure: () => accountClosureRepo(db),
    accountClosures: () => accountClosuresRepo(db),
    auditChain: () => auditChainRepo(db),
    autoDecisions: () => autoDecisionsRepo(db),
    audit: () => auditRepo(db),
    blobReferences: () => blobReferencesRepo(db),
    caseAutoAssign: () => caseAutoAssignRepo(db),
    countries: () => countriesRepo(db),
    dashboard: () => dashboardRepo(db),
    dataExports: () => dataExportRepo(db),
    documentChecks: () => documentChecksRepo(db),
    faceEmbeddings: () => faceEmbeddingsRepo(db),
    documentCorrections: () => documentCorrectionsRepo(db),
    dataExportSources: () => dataExportSourcesRepo(db),
    identityTransfers: () => identityTransfersRepo(db),
    kyc: () => kycRepo(db, personal),
    kycInfo: () => kycInfoRepo(db, personal),
    notices: () => noticesRepo(db),
    operations: () => operationsRepo(db),
    partnerLinks: () => partnerLinksRepo(db),
    partnerSecrets: () => partnerSecretsRepo(db),
    partnerWebhooks: () => partnerWebhooksRepo(db),
    partners: () => partnersRepo(db),
    providerRoutes: () => providerRoutesRepo(db),
    questionnaireReview: () => questionnaireReviewRepo(db),
    questionnaires: () => questionnairesRepo(db),
    recoveryCodes: () => recoveryCodesRepo(db),
    retention: () => retentionRepo(db),
    review: () => reviewRepo(db, personal),
    risk: () => riskRepo(db),
    screening: () => screeningRepo(db),
    screeningDelta: () => screeningDeltaRepo(db, personal),
    screeningAlerts: () => screeningAlertsRepo(db),
    sdk: () => sdkRepo(db),
    sealedValues: () => sealedValuesRepo(db),
    securityLog: () => securityLogRepo(db),
    securityVerification: () => securityVerificationRepo(db),
    sessions: () => sessionsRepo(db),
    staff: () => staffRepo(db),
    statusOutbox: () => statusOutboxRepo(db),
    submissions: () => submissionsRepo(db),
    supportRequests: () => supportRequestsRepo(db),
    users: () => usersRepo(db),
    verificationPaths: () => verificationPathsRepo(db),
    vendors: () => vendorsRepo(db),
    work: () => workRepo(db),
  };
}

type Factories = ReturnType<typeof factories>;

/** Every repository, bound to one connection or one transaction. */
export type TxRepositories = { readonly [K in keyof Factories]: ReturnType<Factories[K]> };

/** Every repository on the connection, and a transaction that binds the same set to one transaction. */
export interface Repositories extends TxRepositories {
  transaction<T>(work: (tx: TxRepositories) => Promise<T>): Promise<T>;
}

/** Binds every repository to `db`, each created on first use and then kept. */
function bind(db: Db, personal: PersonalDataCipher | undefined): TxRepositories {
  const made = factories(db, personal);
  const cache = new Map<string, unknown>();
  const set = {} as Record<string, unknown>;
  for (const [name, make] of Object.entries(made)) {
    Object.defineProperty(set, name, {
      enumerable: true,
      get() {
        if (!cache.has(name)) cache.set(name, make());
        return cache.get(name);
      },
    });
  }
  return set as TxRepositories;
}

/**
 * The repositories of the database. `personal` seals and opens the applicants' personal columns
 * (domain/kyc/personal-data.ts); without it they are read and written as stored.
 */
export function repositories(db: Db, personal?: PersonalDataCipher): Repositories {
  const bound = bind(db, personal);
  Object.defineProperty(bound, 'transaction', {
    value: <T>(work: (tx: TxRepositories) => Promise<T>): Promise<T> =>
      db.transaction().execute((trx) => work(bind(trx, personal))),
  });
  return bound as Repositories;
}
