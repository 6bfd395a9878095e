/**
 * The composition root: creates the repository set once (decision D42) and each use-case once, and
 * answers what the app hands to its hooks and routes. It composes only: no I/O, no start-up work (that is
 * boot.ts, run by the server), no Fastify. Routes receive use-cases (`Services`), never the database.
 */
import { keyRotationUseCases, type KeyRotationUseCases } from './domain/operations/key-rotation.ts';
import path from 'node:path';
import type { Config } from './config.ts';
import type { Database } from './data/db.ts';
import { boundedCheck } from './data/readiness.ts';
import { repositories } from './data/repositories/index.ts';
import { databaseBlobStore } from './data/repositories/document-chunks-repo.ts';
import { accountUseCases, type AccountLimits } from './domain/accounts/accounts.ts';
import { securityLog } from './domain/accounts/security-log.ts';
import { kycUseCases } from './domain/kyc/kyc-service.ts';
import { submissionUseCases } from './domain/kyc/submission-service.ts';
import { personalDataCipher } from './domain/kyc/personal-data.ts';
import { verificationPathsUseCases } from './domain/kyc/verification-paths.ts';
import { vendorVerificationUseCases } from './domain/providers/vendor-verification.ts';
import { vendorCheckUseCases } from './domain/checks/vendor/vendor-checks.ts';
import { createProviders, type ProviderOptions } from './providers/index.ts';
import { sdkAccessUseCases } from './domain/kyc/sdk-access.ts';
import { updateUseCases } from './domain/kyc/update-service.ts';
import { sessionService, type SessionService } from './domain/sessions/session-service.ts';
import { staffUseCases } from './domain/staff/staff-auth.ts';
import { secondFactor } from './domain/staff/second-factor.ts';
import { recoveryCodeUseCases } from './domain/staff/recovery-codes.ts';
import { staffAdminUseCases } from './domain/staff/staff-admin.ts';
import { reviewUseCases } from './domain/backoffice/review/index.ts';
import { dashboardUseCases } from './domain/backoffice/dashboard/dashboard.ts';
import { caseAutoAssignment } from './domain/backoffice/work/auto-assignment.ts';
import { questionnaireReviewUseCases } from './domain/backoffice/questionnaire-review/questionnaire-review.ts';
import {
  cachedReferenceReads,
  REFERENCE_TOPICS,
  type ReferenceTopic,
} from './data/repositories/cached-reference-reads.ts';
import { countryCatalogue } from './domain/countries/country-catalogue.ts';
import { countryCoverageUseCases } from './domain/countries/coverage-admin.ts';
import { auditChainUseCases } from './domain/audit/chain-status.ts';
import { questionnaireUseCases } from './domain/questionnaires/questionnaire-service.ts';
import { noticeUseCases } from './domain/notices/notice-service.ts';
import { agreementDocumentUseCases } from './domain/questionnaires/agreement-document.ts';
import { templateLoader } from './domain/questionnaires/template-loader.ts';
import { sdkUseCases } from './domain/sdk/sdk-service.ts';
import { SDK_TOKEN_TTL_MS, type SdkLimits } from './domain/sdk/sdk-principal.ts';
import { linkFlowUseCases } from './domain/sdk/link-flow.ts';
import { partnerAuthUseCases, type PartnerAuthUseCases } from './domain/partners/partner-auth.ts';
import { partnersAdminUseCases } from './domain/backoffice/partners-admin.ts';
import {
  partnerWebhookUseCases,
  type PartnerWebhookOptions,
} from './domain/partner-webhooks/partner-webhooks.ts';
import { providerRoutesUseCases } from './domain/backoffice/provider-routes-admin.ts';
import { supportUseCases, type SupportLimits } from './domain/support/support-requests.ts';
import { SIGN_IN_DELAY } from './lib/progressive-delay.ts';
import type { SharedState } from './lib/shared-state/index.ts';
import { createKeyring } from './lib/crypto/envelope.ts';
import { createFileBlobStore, type BlobStore } from './lib/uploads/blob-store.ts';
import { orphanSweepUseCases } from './domain/uploads/orphan-blobs.ts';
import { metricsUseCases } from './domain/operations/metrics.ts';
import {
  AUTHENTICATOR_LOCK_MS,
  AUTHENTICATOR_MAX_FAILURES,
  securityVerificationUseCases,
} from './domain/security-verification/security-verification.ts';
import { devMailbox, smtpMailer, type Mailer } from './domain/mail/mailer.ts';
import { mailTexts } from './domain/mail/mail-texts.ts';
import { identityTransferUseCases } from './domain/identity-transfer/identity-transfer.ts';
import { screeningUseCases, type ScreeningUseCases } from './domain/screening/screening-service.ts';
import { riskUseCases, type RiskUseCases } from './domain/risk/risk-service.ts';
import { riskCountryListUseCases } from './domain/risk/country-lists-admin.ts';
import { riskWeightsUseCases } from './domain/risk/weights-admin.ts';
import { checkRunUseCases, type CheckRunUseCases } from './domain/checks/run/check-runs.ts';
import { correctionUseCases } from './domain/checks/correction/correction-service.ts';
import { autoDecisionUseCases } from './domain/checks/auto-decision/auto-decide.ts';
import { autoReviewUseCases } from './domain/checks/auto-decision/quality-review.ts';
import { resolutionUseCases } from './domain/screening/resolution.ts';
import { screeningListsAdmin } from './domain/screening/lists-admin.ts';
import { alertUseCases } from './domain/screening/alerts.ts';
import { retentionUseCases, type RetentionOptions } from './domain/retention/retention-service.ts';
import { dataExportUseCases, type DataExportUseCases } from './domain/data-export/data-export.ts';
import { policyUseCases } from './domain/retention/policies.ts';
import { accountClosureUseCases } from './domain/account-closure/account-closure.ts';
import type { Services, StaticPaths } from './routes/services.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** The invalidation topic of the country catalogue. */
export const COUNTRIES_TOPIC = 'countries';

/** Redis's health for /readyz, under the same deadline as the database's ping ('down' at the deadline). */
function boundedSharedCheck(shared: SharedState): () => Promise<boolean> {
  return boundedCheck(async () => (await shared.check()) === 'up');
}

export const DEFAULT_PATHS: StaticPaths = {
  webDist: path.join(REPO_ROOT, 'apps/web/dist'),
  backofficeDist: path.join(REPO_ROOT, 'apps/backoffice/dist'),
  locales: path.join(REPO_ROOT, 'locales'),
  helpContent: path.join(REPO_ROOT, 'content/help'),
};

/** One periodic clean-up job: its name says what it sweeps; `run` answers how many rows it changed. */
/** One batch of a master key rotation, as a job's count. */
async function resealedIn(rotation: KeyRotationUseCases): Promise<number> {
  const counts = await rotation.resealBatch(5000, 500);
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}

export interface Sweep {
  name: string;
  run(): Promise<number>;
}

export interface CompositionOptions {
  config: Config;
  database: Database;
  /**
   * Where the limits count and cache invalidations travel (lib/shared-state): Redis with REDIS_URL,
   * else this process. app.ts creates it from the configuration, connects it when the app is ready
   * and closes it with the app.
   */
  shared: SharedState;
  paths?: Partial<StaticPaths>;
  limits?: Partial<AccountLimits>;
  sdkLimits?: Partial<SdkLimits>;
  supportLimits?: Partial<SupportLimits>;
  /** The vendors' HTTP (tests: a simulator's fetch) and clock. */
  providerOptions?: ProviderOptions;
  /** Webhooks to partners: their HTTP and clock (tests). */
  webhookOptions?: PartnerWebhookOptions;
  /** Outgoing mail (tests: a mailer of their own); else SMTP_URL or the development mailbox. */
  mailer?: Mailer;
  /** Issue 20: the erasure job's clock and fault seams (tests). */
  retentionOptions?: RetentionOptions;
  /** How long reference data stays in memory without a change heard (REFERENCE_TTL_MS by default). */
  referenceTtlMs?: number;
  /** Issue 19: 'job' leaves the document checks to the `document-checks` job (tests); default 'background'. */
  documentChecks?: 'background' | 'job';
  /** Issue 19 (D103): [0, 1) deciding whether an automatic approval is sampled for review (tests). */
  autoDecisionRandom?: () => number;
}

export interface Composition {
  /** What route plugins receive. */
  services: Services;
  /** Signed partner calls (http/partner-signature.ts). */
  partnerAuth: PartnerAuthUseCases;
  /** The session hook's use-case (http/auth.ts); the same one routes reach as `services.sessions`. */
  sessions: SessionService;
  /** The periodic clean-ups server.ts runs on its timer, each logged with its own count. */
  sweeps: readonly Sweep[];
  /** The minutely jobs (vendor reconciliation, partner webhook deliveries), run like the sweeps. */
  jobs: readonly Sweep[];
  /** Issue 18: screening; app.ts loads its lists when the app is ready and waits for its runs at close. */
  screening: ScreeningUseCases;
  /** Issue 20: the person's own copy; app.ts gives it the logger and waits for its builds at close. */
  dataExports: DataExportUseCases;
  /** Issue 18 "Risk score": app.ts gives it the logger and waits for its recomputations at close. */
  risk: RiskUseCases;
  /**
   * Issue 14: drops every instance's copy of reference data after a change made outside the use-cases
   * (server.ts after boot published template versions; tests that publish while the app runs).
   */
  referenceChanged: (topic: ReferenceTopic) => void;
  /** Issue 19: the document checks; app.ts gives them the logger and waits for their runs at close. */
  documentChecks: CheckRunUseCases;
}

/**
 * Access tokens per business: 120 a minute; the web's own (sdk-access): 10 per user in 10 minutes. Like
 * every limit here, shared by the instances through Redis with REDIS_URL (D48), else in memory (D7).
 */
function defaultSdkLimits(shared: SharedState): SdkLimits {
  return {
    issuesPerBusiness: shared.limiter('sdk-issues-per-business', 120, 60_000),
    accessPerUser: shared.limiter('sdk-access-per-user', 10, 10 * 60_000),
  };
}

/** Help-centre reports: 10 an hour per address. */
function defaultSupportLimits(shared: SharedState): SupportLimits {
  return { filesPerAddress: shared.limiter('support-files-per-address', 10, 60 * 60_000) };
}

/**
 * Sign-in and sign-up limits; the per-address ones from the configuration (SIGN_IN_…, SIGN_UP_…). Per
 * account a progressive delay, never a lock-out (SIGN_IN_DELAY: 5 free failures, then 30 s doubling to
 * 15 minutes), shared by end users and staff (keys `email` and `staff:email`).
 */
function defaultAccountLimits(config: Config, shared: SharedState): AccountLimits {
  return {
    failuresPerAccount: shared.progressiveDelay('sign-in-per-account', SIGN_IN_DELAY),
    attemptsPerAddress: shared.limiter('sign-in-per-address', config.signInLimitPer15Minutes, 15 * 60_000),
    signUpsPerAddress: shared.limiter('sign-up-per-address', config.signUpLimitPerHour, 60 * 60_000),
  };
}

/**
 * The document store DOCUMENT_STORE names (issue 14, D49): files under DATA_DIR/blobs (one instance), or
 * chunks in the database every instance shares. Every reader and writer of documents gets this one.
 */
function documentStoreOf(config: Config, database: Database): BlobStore {
  return config.documentStore === 'database'
    ? databaseBlobStore(database.db)
    : createFileBlobStore(config.dataDir);
}

export function compose(options: CompositionOptions): Composition {
  const { config, database, shared } = options;
  const paths = { ...DEFAULT_PATHS, ...options.paths };
  const limits = { ...defaultAccountLimits(config, shared), ...options.limits };
  const sdkLimits = { ...defaultSdkLimits(shared), ...options.sdkLimits };
  const supportLimits = { ...defaultSupportLimits(shared), ...options.supportLimits };

  const blobs = documentStoreOf(config, database);
  const keyring = createKeyring(config.dataMasterKey, config.dataMasterKeyPrevious);
  // Personal data at rest (docs/kyc.md): applicants' names and date of birth sealed under each user's
  // data key by the kyc, submissions and verification-paths repositories of the set.
  const repos = repositories(database.db, personalDataCipher(keyring));
  // Issue 14: the quotas, provider routes and template versions kyc-info reads, from memory for the hot
  // readers below (data/repositories/cached-reference-reads.ts); a change drops every instance's copy.
  const reference = cachedReferenceReads(repos, { ttlMs: options.referenceTtlMs });
  for (const topic of REFERENCE_TOPICS)
    shared.onInvalidate(`reference:${topic}`, () => reference.drop(topic));
  const referenceChanged = (topic: ReferenceTopic) => shared.invalidate(`reference:${topic}`);

  // Issue 18 (docs/screening.md): the lists of SCREENING_LISTS, loaded when the app is ready (app.ts).
  // Issue 18 "Risk score": recomputed after the commits that move a factor, and by the `risk` job.
  const risk = riskUseCases({ repos, keyring });
  const screening = screeningUseCases({
    repos,
    keyring,
    config: config.screening,
    dataDir: config.dataDir,
    risk,
  });

  const sessions = sessionService(repos.sessions, {
    idleMs: config.sessionIdleMs,
    absoluteMs: config.sessionAbsoluteMs,
  });

  const signInLog = securityLog(repos.securityLog);

  // Issue 20: a closed account's right password is answered 62030 (docs/data-lifecycle.md).
  const accounts = accountUseCases(repos.users, limits, signInLog, undefined, repos.accountClosures);

  const partnerAuth = partnerAuthUseCases({
    businesses: repos.sdk,
    secrets: repos.partnerSecrets,
    keyring,
  });

  const sdk = sdkUseCases({
    repos,
    policy: { publicOrigin: config.publicOrigin, tokenTtlMs: SDK_TOKEN_TTL_MS },
    limits: sdkLimits,
  });

  const linkFlow = linkFlowUseCases({
    repos,
    accounts,
    proofSecret: config.sessionSecret,
  });

  // The configured vendors (docs/providers.md); routing sends no one to a vendor without credentials.
  const vendorAdapters = createProviders(config.providers, options.providerOptions);
  const verificationPaths = verificationPathsUseCases({
    repos: reference.repos,
    keyring,
    screening,
    risk,
    routing: {
      defaultProvider: config.providers.defaultProvider,
      configured: (provider) => provider in vendorAdapters,
    },
  });

  const vendorVerification = vendorVerificationUseCases({
    repos,
    keyring,
    providers: vendorAdapters,
    providerOf: (userId) => verificationPaths.providerOf(userId),
    describeFlow: (userId, level) => verificationPaths.verificationSdkInfo(userId, level),
    reconcileAfterMs: config.providers.reconcileAfterMs,
    screening,
    risk,
    // Issue 19 (D112): the data and duplicate checks on what a vendor read from the document.
    vendorChecks: vendorCheckUseCases({ repos, keyring }),
  });

  const questionnaires = questionnaireUseCases({
    repos: reference.repos,
    blobs,
    keyring,
    tokenSecret: config.sessionSecret,
    risk,
  });

  const questionnaireReview = questionnaireReviewUseCases({
    repos,
    questionnaires,
    blobs,
    keyring,
    risk,
    claimMinutes: config.caseClaimMinutes,
  });

  const agreementDocuments = agreementDocumentUseCases({
    repo: repos.questionnaires,
    load: templateLoader(repos.questionnaires),
    openAnswers: questionnaires.openAnswers,
    localesDir: paths.locales,
  });

  // Reference data in memory (docs/countries.md "Caching"); the coverage edit invalidates it here and,
  // with REDIS_URL, on every other instance (topic 'countries').
  const countries = countryCatalogue(repos.kyc);
  shared.onInvalidate(COUNTRIES_TOPIC, () => countries.invalidate());

  const countryCoverage = countryCoverageUseCases({
    repos,
    catalogue: { ...countries, invalidate: () => shared.invalidate(COUNTRIES_TOPIC) },
  });

  const kyc = kycUseCases(
    reference.repos.kyc,
    repos.kycInfo,
    verificationPaths.infoSources,
    questionnaires,
    countries,
    {
      describe(provider, level) {
        const adapter = vendorVerification.adapterOf(provider);
        return adapter && { apiUrl: adapter.apiUrl, flowName: adapter.flowNameOf(level === 2 ? 2 : 1) };
      },
      token: (userId, level) => vendorVerification.kycToken(userId, level, 'en'),
    },
  );

  // Issue 19 (D96, D124): the document checks of in-house level-1 submissions, re-verifications and ID
  // updates, after the commit and by a job.
  // Issue 19 (D102–D103): once the checks are stored, the provider may decide level 1 itself.
  const autoDecisions = autoDecisionUseCases({
    repos,
    keyring,
    settings: config.autoDecisions,
    screening,
    risk,
    ...(options.autoDecisionRandom ? { random: options.autoDecisionRandom } : {}),
  });
  const documentChecks = checkRunUseCases({
    repos,
    blobs,
    keyring,
    mode: options.documentChecks ?? 'background',
    // Issue 18: screened as on the document (D104), and the checks as risk factors.
    async afterChecks(userId, { mrzRead }) {
      if (mrzRead) await screening.documentRead(userId);
      risk.soon(userId, 'document_checks');
    },
    afterStored: (submissionId, userId) => autoDecisions.afterChecks(submissionId, userId),
  });
  const autoReview = autoReviewUseCases({ repos, keyring });
  const submissions = submissionUseCases({
    repos,
    blobs,
    keyring,
    screening,
    risk,
    checks: documentChecks,
  });

  const updates = updateUseCases({ repos, keyring, checks: documentChecks });
  // Issue 19: the person's answers to the document checks' questions (docs/checks.md "The correction step").
  // D112: an answer may let the provider decide (a corrected field never approves; a typed zone may).
  const corrections = correctionUseCases({
    repos,
    keyring,
    async afterAnswer(submissionId, userId, { zoneTyped }) {
      if (zoneTyped) await screening.documentRead(userId);
      risk.soon(userId, 'document_checks');
      return autoDecisions.afterChecks(submissionId, userId);
    },
  });

  const sdkAccess = sdkAccessUseCases({ sdk, kyc: repos.kyc, perUser: sdkLimits.accessPerUser });

  const staffSecondFactor = secondFactor({
    staff: repos.staff,
    recoveryCodes: repos.recoveryCodes,
    totp: {
      masterKey: config.dataMasterKey,
      previousKeys: config.dataMasterKeyPrevious,
      demoStaffTotpRequired: config.demoStaffTotpRequired,
    },
  });

  const staff = staffUseCases({
    staff: repos.staff,
    audit: repos.audit,
    secondFactor: staffSecondFactor,
    limits,
  });

  const recoveryCodes = recoveryCodeUseCases({
    staff: repos.staff,
    recoveryCodes: repos.recoveryCodes,
    audit: repos.audit,
    secondFactor: staffSecondFactor,
  });

  const staffAdmin = staffAdminUseCases(repos);

  // Its queue reads the service levels through the cached reference reads (issue 17); claims last
  // CASE_CLAIM_MINUTES (D120).
  const review = reviewUseCases(reference.repos, { blobs, keyring }, screening, referenceChanged, {
    claimMinutes: config.caseClaimMinutes,
  });
  const dashboard = dashboardUseCases(repos);

  const support = supportUseCases(repos, supportLimits, keyring);

  const notices = noticeUseCases(repos.notices);

  const auditChain = auditChainUseCases(repos);

  const orphans = orphanSweepUseCases({ blobs, references: repos.blobReferences });
  const keyRotation = keyRotationUseCases({ repos, keyring });

  const partnersAdmin = partnersAdminUseCases({ repos, keyring });

  const partnerWebhooks = partnerWebhookUseCases({
    repos,
    keyring,
    production: config.production,
    ...options.webhookOptions,
  });

  // The back office's provider routes (D23) see the same fallback and configured vendors as routing.
  const providerRoutes = providerRoutesUseCases({
    repos,
    defaultProvider: config.providers.defaultProvider,
    configured: (provider) => provider in vendorAdapters,
    routesChanged: () => referenceChanged('provider-routes'),
  });

  // GET /metrics only with METRICS_TOKEN (issue 14, D51): unset, nothing is measured or served.
  const metrics = config.metricsToken
    ? metricsUseCases({
        token: config.metricsToken,
        operations: repos.operations,
        poolStats: database.poolStats,
      })
    : undefined;

  // Issue 15 (D52): mail over SMTP_URL, else the development mailbox (config refuses that in production).
  const mailer: Mailer =
    options.mailer ??
    (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : devMailbox(repos.securityVerification));
  const texts = mailTexts(paths.locales);
  const securityVerification = securityVerificationUseCases({
    repos,
    mailer,
    texts,
    masterKey: config.dataMasterKey,
    authenticatorFailures: shared.limiter(
      'authenticator-failures-per-user',
      AUTHENTICATOR_MAX_FAILURES,
      AUTHENTICATOR_LOCK_MS,
    ),
  });
  const identityTransfers = identityTransferUseCases({
    repos,
    keyring,
    mailer,
    texts,
    policy: { coolingOffMs: config.transferCoolingOffMs, fourEyesLevel: config.transferFourEyesLevel },
  });

  // Issue 18, slice 3: resolving hits (four eyes, freeze, export, compliance mail) and the alerts queue.
  const screeningReview = {
    ...resolutionUseCases({
      repos,
      keyring,
      screening,
      viewCase: review.viewCase,
      mail: { mailer, texts, complianceEmail: config.complianceEmail, publicOrigin: config.publicOrigin },
      log: () => screening.log(),
      risk,
    }),
    ...alertUseCases(repos),
    // D95: the lists' status and "refresh now" (admins).
    ...screeningListsAdmin({
      repos,
      sources: config.screening.lists,
      refresh: () => screening.refreshLists(),
    }),
  };

  // Issue 20 (docs/data-lifecycle.md): retention policies, legal holds, the erasure job.
  const retention = retentionUseCases({ repos, blobs, keyring, ...options.retentionOptions });
  // Issue 20 (docs/data-export.md): the person's own copy, built by a job, sealed in the document store.
  const dataExports = dataExportUseCases({ repos, blobs, keyring });
  // Issue 20: closing an account and the erasure request; what remains is dated by the policy in force.
  const accountClosure = accountClosureUseCases({
    repos,
    blobs,
    policies: policyUseCases(repos),
    ...(options.retentionOptions?.now ? { now: options.retentionOptions.now } : {}),
  });

  const services: Services = {
    config,
    metrics,
    // Within 1 s whatever the database does, one ping at a time (issue 14, data/readiness.ts).
    readiness: {
      dialect: database.dialect,
      ping: boundedCheck(() => database.ping()),
      // Redis, when REDIS_URL is set: its absence degrades (local limits) but does not stop the instance.
      shared: shared.shared ? boundedSharedCheck(shared) : undefined,
    },
    sessions,
    accounts,
    securityLog: signInLog,
    staff,
    recoveryCodes,
    staffAdmin,
    review,
    dashboard,
    sdk,
    linkFlow,
    kyc,
    verificationPaths,
    vendorVerification,
    submissions,
    updates,
    corrections,
    sdkAccess,
    questionnaires,
    questionnaireReview,
    countryCoverage,
    support,
    notices,
    agreementDocuments,
    auditChain,
    partnersAdmin,
    partnerWebhooks,
    providerRoutes,
    securityVerification,
    identityTransfers,
    screening: { ...screeningReview, isFrozen: (userId: number) => screening.isFrozen(userId) },
    retention,
    dataExports,
    accountClosure,
    riskWeights: riskWeightsUseCases(repos),
    riskCountryLists: riskCountryListUseCases(repos),
    autoReview,
    paths,
  };

  const caseAutoAssign = caseAutoAssignment({
    repos,
    settings: config.caseAutoAssign,
    claimMinutes: config.caseClaimMinutes,
  });

  const sweeps: readonly Sweep[] = [
    { name: 'expired-sessions', run: () => sessions.sweep() },
    { name: 'expired-sdk-tokens', run: () => sdk.sweep() },
    { name: 'partner-signatures-past-window', run: () => partnerAuth.sweep() },
    { name: 'ended-vendor-sessions', run: () => verificationPaths.sweep() },
    // The re-verification machine's daily_reset: Rejected_Daily of an earlier UTC day → Rejected.
    { name: 'reverification-daily-reset', run: () => submissions.dailyReset() },
    // Issue 20 (D106): uploads never submitted and drafts, under the retention policy of each person's site.
    { name: 'abandoned-uploads', run: () => retention.sweepRolling(['unsubmitted_uploads', 'drafts']) },
    // Issue 14: what a crash leaves (a blob written but never recorded, a write never finished).
    { name: 'orphan-document-blobs', run: () => orphans.sweepOrphanBlobs() },
    { name: 'stale-upload-temp-files', run: () => orphans.sweepStaleTemporaryFiles() },
    { name: 'old-security-log-entries', run: () => retention.sweepRolling(['sessions_security_log']) },
    { name: 'ended-risk-tokens-and-codes', run: () => securityVerification.sweep() },
    // Issue 20: copies of a person's data downloaded or past their 7 days, deleted from the store.
    { name: 'expired-data-exports', run: () => dataExports.sweep() },
  ];

  /** Jobs that run more often than the sweeps (server.ts, every minute): lost webhooks caught here. */
  const jobs: readonly Sweep[] = [
    { name: 'vendor-reconciliation', run: () => vendorVerification.reconcile() },
    // The status outbox into deliveries, then the due deliveries sent (docs/sdk.md "Webhooks to partners").
    { name: 'partner-webhooks', run: () => partnerWebhooks.run() },
    // While DATA_MASTER_KEY_PREVIOUS is set: what the retired key sealed, re-sealed a batch at a time (D62).
    ...(keyRotation.rotating ? [{ name: 'master-key-rotation', run: () => resealedIn(keyRotation) }] : []),
    // Issue 15: approved identity transfers whose cooling-off has ended.
    { name: 'identity-transfer-completion', run: () => identityTransfers.completeDue() },
    // Issue 20 (D72): the erasure job, a run a day (or carrying on an unfinished one), once across instances.
    { name: 'retention', run: () => retention.runScheduled() },
    // Issue 20: copies of a person's data still to build (a failed or lost build after the request).
    { name: 'data-exports', run: () => dataExports.runDue() },
    // Issue 19 (D96): document checks still due (a failed or lost run after a submission).
    { name: 'document-checks', run: () => documentChecks.runDue() },
    // Issue 18 "Risk score" (D91): assessments made under older weights, recomputed a batch per tick.
    { name: 'risk', run: () => risk.runDue() },
    // Issue 17 (D121): with CASE_AUTO_ASSIGN=round_robin, waiting cases given to the active members.
    ...(caseAutoAssign.enabled ? [{ name: 'case-auto-assignment', run: () => caseAutoAssign.run() }] : []),
    // Issue 18 (D65): screening runs still due (a failed or lost run after a submission).
    // Slice 3: and compliance mailed about any freeze the mail after the true match failed for.
    ...(screening.enabled
      ? [
          // D95: every list refreshed when SCREENING_REFRESH_HOURS have passed (once across instances).
          { name: 'screening-refresh', run: () => screening.refreshDue() },
          {
            name: 'screening',
            // D94: and a batch at a time of the delta re-screening after a list change (counted in its row).
            run: async () => {
              const runs = await screening.runDue();
              await screening.runDeltas();
              await screening.assignAlerts(); // SCREENING_ALERT_AUTO_ASSIGN
              return runs + (await screeningReview.notifyPending());
            },
          },
        ]
      : []),
  ];

  return {
    services,
    partnerAuth,
    sessions,
    sweeps,
    jobs,
    screening,
    dataExports,
    risk,
    referenceChanged,
    documentChecks,
  };
}
