/**
 * The application as a Fastify plugin factory: tests build it and call app.inject(); server.ts listens.
 * Wiring only: repositories → use-cases → routes.
 */
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './data/db.ts';
import { usersRepo } from './data/repositories/users-repo.ts';
import { staffRepo } from './data/repositories/staff-repo.ts';
import { sessionsRepo } from './data/repositories/sessions-repo.ts';
import { sdkRepo } from './data/repositories/sdk-repo.ts';
import { kycRepo } from './data/repositories/kyc-repo.ts';
import { repositories } from './data/repositories/index.ts';
import { submissionsRepo } from './data/repositories/submissions-repo.ts';
import { questionnairesRepo } from './data/repositories/questionnaires-repo.ts';
import { noticesRepo } from './data/repositories/notices-repo.ts';
import { accountUseCases, type AccountLimits } from './domain/accounts/accounts.ts';
import { securityLog } from './domain/accounts/security-log.ts';
import { securityLogRepo } from './data/repositories/security-log-repo.ts';
import { kycUseCases } from './domain/kyc/kyc-service.ts';
import { submissionUseCases } from './domain/kyc/submission-service.ts';
import { personalDataCipher, sealClearPersonalData } from './domain/kyc/personal-data.ts';
import { verificationPathsUseCases } from './domain/kyc/verification-paths.ts';
import { sdkAccessUseCases } from './domain/kyc/sdk-access.ts';
import { updateUseCases } from './domain/kyc/update-service.ts';
import { sessionService } from './domain/sessions/session-service.ts';
import { staffUseCases } from './domain/staff/staff-auth.ts';
import { secondFactor } from './domain/staff/second-factor.ts';
import { recoveryCodeUseCases } from './domain/staff/recovery-codes.ts';
import { staffAdminUseCases } from './domain/staff/staff-admin.ts';
import { auditRepo } from './data/repositories/audit-repo.ts';
import { recoveryCodesRepo } from './data/repositories/recovery-codes-repo.ts';
import { reviewUseCases } from './domain/backoffice/review/index.ts';
import { questionnaireReviewUseCases } from './domain/backoffice/questionnaire-review/questionnaire-review.ts';
import { countryCatalogue } from './domain/countries/country-catalogue.ts';
import { countryCoverageUseCases } from './domain/countries/coverage-admin.ts';
import { auditChainUseCases } from './domain/audit/chain-status.ts';
import { useAuditChainKey } from './lib/audit-chain-hash.ts';
import { questionnaireUseCases } from './domain/questionnaires/questionnaire-service.ts';
import { seedQuestionnaireTemplates } from './domain/questionnaires/template-publishing.ts';
import { noticeUseCases } from './domain/notices/notice-service.ts';
import { agreementDocumentUseCases } from './domain/questionnaires/agreement-document.ts';
import { templateLoader } from './domain/questionnaires/template-loader.ts';
import { SDK_TOKEN_TTL_MS, type SdkLimits } from './domain/sdk/sdk-principal.ts';
import { sdkUseCases } from './domain/sdk/sdk-service.ts';
import { linkFlowUseCases } from './domain/sdk/link-flow.ts';
import { installAuth } from './http/auth.ts';
import { clientErrorHandler } from './http/client-errors.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { installOpenApi } from './http/openapi.ts';
import { OneLineRequestLog, loggerOptions } from './http/request-log.ts';
import { installSdkAuth } from './http/sdk-auth.ts';
import { installPartnerSignatures } from './http/partner-signature.ts';
import { partnerAuthUseCases } from './domain/partners/partner-auth.ts';
import { partnerSecretsRepo } from './data/repositories/partner-secrets-repo.ts';
import { partnersAdminUseCases } from './domain/backoffice/partners-admin.ts';
import { partnersRoutes } from './routes/backoffice/partners-routes.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { tooManyRequests } from './lib/app-error.ts';
import { createRateLimiter } from './lib/rate-limiter.ts';
import { SIGN_IN_DELAY, createProgressiveDelay } from './lib/progressive-delay.ts';
import { createKeyring } from './lib/crypto/envelope.ts';
import { createBlobStore } from './lib/uploads/blob-store.ts';
import { healthRoutes } from './routes/health-routes.ts';
import { sessionRoutes } from './routes/user/session-routes.ts';
import { profileRoutes } from './routes/user/profile-routes.ts';
import { securityLogRoutes } from './routes/user/security-log-routes.ts';
import { staffAuthRoutes } from './routes/backoffice/staff-auth-routes.ts';
import { staffAdminRoutes } from './routes/backoffice/staff-admin-routes.ts';
import { reviewRoutes } from './routes/backoffice/review-routes.ts';
import { questionnaireReviewRoutes } from './routes/backoffice/questionnaire-review-routes.ts';
import { countryCoverageRoutes } from './routes/backoffice/country-coverage-routes.ts';
import { auditChainRoutes } from './routes/backoffice/audit-chain-routes.ts';
import { sdkPartnerRoutes } from './routes/sdk/partner-routes.ts';
import { sdkTokenRoutes } from './routes/sdk/token-routes.ts';
import { sdkLinkRoutes } from './routes/sdk/link-routes.ts';
import { partnerLinkRoutes } from './routes/user/partner-link-routes.ts';
import { kycRoutes } from './routes/kyc/kyc-routes.ts';
import { kycSdkRoutes } from './routes/kyc/kyc-sdk-routes.ts';
import { kycSubmitRoutes } from './routes/kyc/kyc-submit-routes.ts';
import { kycVendorRoutes } from './routes/kyc/kyc-vendor-routes.ts';
import { countryRoutes } from './routes/kyc/country-routes.ts';
import { questionnaireRoutes } from './routes/questionnaires/questionnaire-routes.ts';
import { questionnaireSdkRoutes } from './routes/questionnaires/questionnaire-sdk-routes.ts';
import { noticeRoutes } from './routes/notices/notice-routes.ts';
import { agreementDocumentRoutes } from './routes/questionnaires/agreement-document-routes.ts';
import { spaRoutes } from './routes/static/spa-routes.ts';
import { supportUseCases, type SupportLimits } from './domain/support/support-requests.ts';
import { helpRoutes } from './routes/help/help-routes.ts';
import { supportRoutes } from './routes/help/support-routes.ts';
import { supportInboxRoutes } from './routes/backoffice/support-inbox-routes.ts';
import { i18nRoutes } from './routes/static/i18n-routes.ts';
import type { Services, StaticPaths } from './routes/services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Deletes expired sessions, SDK access tokens and vendor sessions, and applies the re-verification
     * daily_reset (Rejected_Daily of an earlier day → Rejected); server.ts calls it on a timer.
     */
    sessionsSweep(): Promise<number>;
  }
}

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

export const DEFAULT_PATHS: StaticPaths = {
  webDist: path.join(REPO_ROOT, 'apps/web/dist'),
  backofficeDist: path.join(REPO_ROOT, 'apps/backoffice/dist'),
  locales: path.join(REPO_ROOT, 'locales'),
  helpContent: path.join(REPO_ROOT, 'content/help'),
};

/** Questionnaire templates (docs/questionnaires.md): published into the database at start. */
const QUESTIONNAIRE_CONTENT = path.join(REPO_ROOT, 'content/questionnaires');

/** JSON bodies of the API are small; the upload routes (multipart) set their own, larger limit. */
const API_BODY_LIMIT = 64 * 1024;

export interface BuildOptions {
  config: Config;
  database: Database;
  paths?: Partial<StaticPaths>;
  limits?: Partial<AccountLimits>;
  sdkLimits?: Partial<SdkLimits>;
  supportLimits?: Partial<SupportLimits>;
  logger?: FastifyServerOptions['logger'];
}

/** Access tokens per business: 120 a minute; the web's own (sdk-access): 10 per user in 10 minutes (D7). */
export function defaultSdkLimits(): SdkLimits {
  return {
    issuesPerBusiness: createRateLimiter(120, 60_000),
    accessPerUser: createRateLimiter(10, 10 * 60_000),
  };
}

/** Help-centre reports: 10 an hour per address (D7: in memory, per instance). */
export function defaultSupportLimits(): SupportLimits {
  return { filesPerAddress: createRateLimiter(10, 60 * 60_000) };
}

/**
 * Sign-in and sign-up limits; the per-address ones from the configuration (SIGN_IN_…, SIGN_UP_…). Per
 * account a progressive delay, never a lock-out (SIGN_IN_DELAY: 5 free failures, then 30 s doubling to
 * 15 minutes), shared by end users and staff (keys `email` and `staff:email`).
 */
export function defaultAccountLimits(
  perAddress: { signInPer15Minutes: number; signUpPerHour: number } = {
    signInPer15Minutes: 30,
    signUpPerHour: 20,
  },
): AccountLimits {
  return {
    failuresPerAccount: createProgressiveDelay(SIGN_IN_DELAY),
    attemptsPerAddress: createRateLimiter(perAddress.signInPer15Minutes, 15 * 60_000),
    signUpsPerAddress: createRateLimiter(perAddress.signUpPerHour, 60 * 60_000),
  };
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const paths = { ...DEFAULT_PATHS, ...options.paths };
  const limits = {
    ...defaultAccountLimits({
      signInPer15Minutes: config.signInLimitPer15Minutes,
      signUpPerHour: config.signUpLimitPerHour,
    }),
    ...options.limits,
  };
  const sdkLimits = { ...defaultSdkLimits(), ...options.sdkLimits };

  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    // One line per request instead of two, static files at debug (http/request-log.ts).
    logController: new OneLineRequestLog(),
    trustProxy: config.trustProxy,
    bodyLimit: API_BODY_LIMIT,
    return503OnClosing: true,
    // Node's own 431 / 400 / 408, raised before any route runs, answer in the envelope too.
    clientErrorHandler,
  });
  // The API speaks JSON only: any other body type is 415 (the form-encoded endpoint of spec §7 opts in).
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const sessions = sessionService(sessionsRepo(database.db), {
    idleMs: config.sessionIdleMs,
    absoluteMs: config.sessionAbsoluteMs,
  });
  const blobs = createBlobStore(config.dataDir);
  const keyring = createKeyring(config.dataMasterKey);
  // The audit chain's HMAC key, derived from the master key (lib/audit-chain-hash.ts).
  useAuditChainKey(config.dataMasterKey);
  // Personal data at rest (docs/kyc.md): applicants' names and date of birth sealed under each user's
  // data key; rows still in clear (written before migration 007, or by the demo seed) are sealed now.
  const personal = personalDataCipher(keyring);
  await sealClearPersonalData(database.db, keyring);
  const repos = repositories(database.db, personal);
  const verificationPaths = verificationPathsUseCases({ repos, keyring });
  // Reference data: template versions not yet published (idempotent by code and version).
  const questionnaireTemplates = await seedQuestionnaireTemplates(repos, QUESTIONNAIRE_CONTENT, Date.now());
  const sdk = sdkUseCases({
    repos,
    policy: { publicOrigin: config.publicOrigin, tokenTtlMs: SDK_TOKEN_TTL_MS },
    limits: sdkLimits,
  });
  // Signed partner calls (docs/sdk.md): the demo seed's secret is sealed now that the keyring exists.
  const partnerAuth = partnerAuthUseCases({
    businesses: sdkRepo(database.db),
    secrets: partnerSecretsRepo(database.db),
    keyring,
  });
  await partnerAuth.sealClearSecrets();
  const signInLog = securityLog(securityLogRepo(database.db));
  const accounts = accountUseCases(usersRepo(database.db), limits, signInLog);
  const questionnaires = questionnaireUseCases({
    repos,
    blobs,
    keyring,
    tokenSecret: config.sessionSecret,
  });
  // Reference data in memory (docs/countries.md "Caching"); the coverage edit invalidates it.
  const countries = countryCatalogue(kycRepo(database.db));
  const staffSecondFactor = secondFactor({
    staff: staffRepo(database.db),
    recoveryCodes: recoveryCodesRepo(database.db),
    totp: { masterKey: config.dataMasterKey, demoStaffTotpRequired: config.demoStaffTotpRequired },
  });
  const services: Services = {
    config,
    database,
    sessions,
    accounts,
    securityLog: signInLog,
    staff: staffUseCases({
      staff: staffRepo(database.db),
      audit: auditRepo(database.db),
      secondFactor: staffSecondFactor,
      limits,
    }),
    recoveryCodes: recoveryCodeUseCases({
      staff: staffRepo(database.db),
      recoveryCodes: recoveryCodesRepo(database.db),
      audit: auditRepo(database.db),
      secondFactor: staffSecondFactor,
    }),
    staffAdmin: staffAdminUseCases(repositories(database.db)),
    review: reviewUseCases(repositories(database.db, personal), { blobs, keyring }),
    sdk,
    linkFlow: linkFlowUseCases({
      repos,
      accounts,
      proofSecret: config.sessionSecret,
    }),
    kyc: kycUseCases(
      kycRepo(database.db, personal),
      usersRepo(database.db),
      verificationPaths.infoSources,
      questionnaires,
      countries,
    ),
    verificationPaths,
    submissions: submissionUseCases({
      repos,
      blobs,
      keyring,
    }),
    updates: updateUseCases({
      repos,
      keyring,
    }),
    sdkAccess: sdkAccessUseCases({
      sdk,
      kyc: kycRepo(database.db, personal),
      perUser: sdkLimits.accessPerUser,
    }),
    questionnaires,
    questionnaireReview: questionnaireReviewUseCases({
      repos,
      questionnaires,
      blobs,
      keyring,
    }),
    countryCoverage: countryCoverageUseCases({ repos: repositories(database.db), catalogue: countries }),
    support: supportUseCases(repositories(database.db), {
      ...defaultSupportLimits(),
      ...options.supportLimits,
    }),
    notices: noticeUseCases(noticesRepo(database.db)),
    agreementDocuments: agreementDocumentUseCases({
      repo: questionnairesRepo(database.db),
      load: templateLoader(questionnairesRepo(database.db)),
      openAnswers: questionnaires.openAnswers,
      localesDir: paths.locales,
    }),
    auditChain: auditChainUseCases(repositories(database.db)),
    partnersAdmin: partnersAdminUseCases({ repos: repositories(database.db), keyring }),
    paths,
  };

  app.decorate(
    'sessionsSweep',
    async () =>
      (await sessions.sweep()) +
      (await services.sdk.sweep()) +
      (await partnerAuth.sweep()) +
      (await services.verificationPaths.sweep()) +
      (await services.submissions.dailyReset()) +
      (await services.submissions.sweepAbandonedUploads()) +
      (await signInLog.sweep()),
  );
  if (questionnaireTemplates.changed.length > 0)
    app.log.warn(
      { event: 'questionnaires.content.changed', templates: questionnaireTemplates.changed },
      'published questionnaire versions differ from their files; publish a new version instead',
    );
  installErrorHandling(app);
  installSecurityHeaders(app, config);
  await app.register(fastifyCookie);
  if (config.rateLimitPerMinute > 0) {
    await app.register(fastifyRateLimit, {
      max: config.rateLimitPerMinute,
      timeWindow: 60_000,
      errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl / 1000),
    });
  }
  installSdkAuth(app);
  installPartnerSignatures(app, partnerAuth);
  installAuth(app, config, sessions);

  await installOpenApi(app, '0.1.0');

  await app.register(healthRoutes(services));
  await app.register(sessionRoutes(services));
  await app.register(profileRoutes(services));
  await app.register(securityLogRoutes(services));
  await app.register(staffAuthRoutes(services));
  await app.register(staffAdminRoutes(services));
  await app.register(reviewRoutes(services));
  await app.register(questionnaireReviewRoutes(services));
  await app.register(countryCoverageRoutes(services));
  await app.register(auditChainRoutes(services));
  await app.register(partnersRoutes(services));
  await app.register(sdkPartnerRoutes(services));
  await app.register(sdkTokenRoutes(services));
  await app.register(sdkLinkRoutes(services));
  await app.register(partnerLinkRoutes(services));
  await app.register(kycRoutes(services));
  await app.register(kycSdkRoutes(services));
  await app.register(kycSubmitRoutes(services));
  await app.register(kycVendorRoutes(services));
  await app.register(countryRoutes(services));
  await app.register(questionnaireRoutes(services));
  await app.register(questionnaireSdkRoutes(services));
  await app.register(supportRoutes(services));
  await app.register(supportInboxRoutes(services));
  await app.register(helpRoutes(services));
  await app.register(noticeRoutes(services));
  await app.register(agreementDocumentRoutes(services));
  await app.register(i18nRoutes(services));
  await app.register(spaRoutes(services));

  return app;
}
