/**
 * The application: Fastify, its plugins and hooks, and the routes over the use-cases composition.ts
 * creates. Tests build it and call app.inject(); server.ts runs boot.ts, then builds it and listens.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { compose, type CompositionOptions, type Sweep } from './composition.ts';
import type { ReferenceTopic } from './data/repositories/cached-reference-reads.ts';
import { installAuth } from './http/auth.ts';
import { clientErrorHandler } from './http/client-errors.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { routesOf } from './http/plugin-name.ts';
import { installOpenApi } from './http/openapi.ts';
import { OneLineRequestLog, loggerOptions } from './http/request-log.ts';
import { installSdkAuth } from './http/sdk-auth.ts';
import { installPartnerSignatures } from './http/partner-signature.ts';
import { partnersRoutes } from './routes/backoffice/partners-routes.ts';
import { partnerWebhookRoutes } from './routes/backoffice/partner-webhook-routes.ts';
import { providerRoutesRoutes } from './routes/backoffice/provider-routes-routes.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { installRequestMetrics } from './http/request-metrics.ts';
import { tooManyRequests } from './lib/app-error.ts';
import { createSharedState } from './lib/shared-state/index.ts';
import { healthRoutes } from './routes/health-routes.ts';
import { metricsRoutes } from './routes/metrics-routes.ts';
import { sessionRoutes } from './routes/user/session-routes.ts';
import { profileRoutes } from './routes/user/profile-routes.ts';
import { securityLogRoutes } from './routes/user/security-log-routes.ts';
import { staffAuthRoutes } from './routes/backoffice/staff-auth-routes.ts';
import { staffAdminRoutes } from './routes/backoffice/staff-admin-routes.ts';
import { reviewRoutes } from './routes/backoffice/review-routes.ts';
import { workRoutes } from './routes/backoffice/work-routes.ts';
import { questionnaireClaimRoutes } from './routes/backoffice/questionnaire-claim-routes.ts';
import { dashboardRoutes } from './routes/backoffice/dashboard-routes.ts';
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
import { helpRoutes } from './routes/help/help-routes.ts';
import { supportRoutes } from './routes/help/support-routes.ts';
import { supportInboxRoutes } from './routes/backoffice/support-inbox-routes.ts';
import { i18nRoutes } from './routes/static/i18n-routes.ts';
import { vendorWebhookRoutes } from './routes/providers/webhook-routes.ts';
import { SIMULATOR_PREFIX, simulatorRoutes } from './routes/providers/simulator-routes.ts';
import { securityVerificationRoutes } from './routes/security-verification/security-verification-routes.ts';
import { screeningRoutes } from './routes/backoffice/screening-routes.ts';
import { retentionRoutes } from './routes/backoffice/retention-routes.ts';
import { riskRoutes } from './routes/backoffice/risk-routes.ts';
import { autoDecisionRoutes } from './routes/backoffice/auto-decision-routes.ts';
import { backofficeAccountClosureRoutes } from './routes/backoffice/account-closure-routes.ts';
import { accountClosureRoutes } from './routes/user/account-closure-routes.ts';
import { assertFreezeCovered, installAccountFreeze } from './http/account-freeze.ts';
import { identityTransferRoutes } from './routes/identity-transfer/identity-transfer-routes.ts';
import { identityTransferReviewRoutes } from './routes/identity-transfer/identity-transfer-review-routes.ts';
import { dataExportRoutes } from './routes/data-export/data-export-routes.ts';
import { dataExportBackofficeRoutes } from './routes/backoffice/data-export-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The periodic clean-ups (composition.ts); server.ts runs them on a timer. */
    readonly sweeps: readonly Sweep[];
    /** Drops every instance's copy of reference data (composition.ts `referenceChanged`). */
    readonly referenceChanged: (topic: ReferenceTopic) => void;
    /** The minutely jobs (composition.ts): vendor reconciliation, partner webhook deliveries. */
    readonly jobs: readonly Sweep[];
    /** Issue 18 (D95): this instance's list refresh and reload (the routes and tests use them). */
    readonly screeningLists: {
      refresh(): Promise<unknown>;
      reloadIfChanged(): Promise<boolean>;
    };
  }
}

/** JSON bodies of the API are small; an upload route sets its own, larger limit. */
const API_BODY_LIMIT = 64 * 1024;
/** How often each instance checks whether the screening lists changed elsewhere (D95). */
const SCREENING_RELOAD_POLL_MS = 30_000;

export interface BuildOptions extends Omit<CompositionOptions, 'shared'> {
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  // Redis with REDIS_URL (issue 14, D48): connected when the app is ready, closed with it.
  const shared = createSharedState({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix });
  const {
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
  } = compose({
    ...options,
    shared,
  });

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

  shared.useLog(app.log);
  // Bounded (connection.ts): an unreachable Redis is logged and the instance starts on local limits.
  app.addHook('onReady', () => shared.start());
  app.addHook('onClose', () => shared.close());
  // Issue 18: the screening lists (files) into this instance's index; no network (URL lists wait for
  // the refresh job). A list that does not load is logged and recorded; the app starts with the others.
  screening.useLog(app.log);
  app.addHook('onReady', async () => {
    await screening.loadLists();
  });
  app.addHook('onClose', () => screening.settle());
  // D95: every instance polls the lists' version and reloads its index when another one refreshed them.
  let reloadTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', () => {
    if (!screening.enabled) return;
    reloadTimer = setInterval(() => {
      screening.reloadIfChanged().catch((error: unknown) => {
        app.log.error({ event: 'screening.lists.reload_failed', err: error }, 'screening lists not reloaded');
      });
    }, SCREENING_RELOAD_POLL_MS);
    reloadTimer.unref();
  });
  app.addHook('onClose', () => clearInterval(reloadTimer));
  app.decorate('screeningLists', {
    refresh: () => screening.refreshLists(),
    reloadIfChanged: () => screening.reloadIfChanged(),
  });
  // Issue 20: the copies being built in the background finish before the app closes.
  dataExports.useLog(app.log);
  app.addHook('onClose', () => dataExports.settle());
  // Issue 18 "Risk score": recomputations started after a commit finish before the app closes.
  risk.useLog(app.log);
  app.addHook('onClose', () => risk.settle());
  // Issue 19: the document checks log their failed runs; a closing app waits for the runs under way.
  documentChecks.useLog(app.log);
  services.corrections.useLog(app.log);
  services.vendorVerification.useLog(app.log);
  app.addHook('onClose', () => documentChecks.settle());
  app.decorate('sweeps', sweeps);
  app.decorate('referenceChanged', referenceChanged);
  app.decorate('jobs', jobs);
  installErrorHandling(app);
  // Request timings for GET /metrics, only with METRICS_TOKEN (issue 14, D51).
  if (services.metrics) installRequestMetrics(app, services.metrics);
  installSecurityHeaders(app, config);
  await app.register(fastifyCookie);
  if (config.rateLimitPerMinute > 0) {
    await app.register(fastifyRateLimit, {
      max: config.rateLimitPerMinute,
      timeWindow: 60_000,
      // Counted in Redis with REDIS_URL (its local fallback while Redis is down); else the plugin's own.
      store: shared.rateLimitStore('requests-per-address', config.rateLimitPerMinute, 60_000),
      errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl / 1000),
    });
  }
  installSdkAuth(app);
  installPartnerSignatures(app, partnerAuth);
  installAuth(app, config, sessions);
  // Issue 18: a frozen account submits nothing (61007); every submitting route, listed in one place.
  const freezeCovered = installAccountFreeze(app, (userId) => services.screening.isFrozen(userId));

  await installOpenApi(app, '0.1.0');

  await app.register(routesOf(healthRoutes, services));
  if (services.metrics) await app.register(routesOf(metricsRoutes, services.metrics));
  await app.register(routesOf(sessionRoutes, services));
  await app.register(routesOf(profileRoutes, services));
  await app.register(routesOf(securityLogRoutes, services));
  await app.register(routesOf(staffAuthRoutes, services));
  await app.register(routesOf(staffAdminRoutes, services));
  await app.register(routesOf(reviewRoutes, services));
  await app.register(routesOf(workRoutes, services));
  await app.register(routesOf(questionnaireClaimRoutes, services));
  await app.register(routesOf(dashboardRoutes, services));
  await app.register(routesOf(questionnaireReviewRoutes, services));
  await app.register(routesOf(countryCoverageRoutes, services));
  await app.register(routesOf(auditChainRoutes, services));
  await app.register(routesOf(partnersRoutes, services));
  await app.register(routesOf(partnerWebhookRoutes, services));
  await app.register(routesOf(providerRoutesRoutes, services));
  await app.register(routesOf(sdkPartnerRoutes, services));
  await app.register(routesOf(sdkTokenRoutes, services));
  await app.register(routesOf(sdkLinkRoutes, services));
  await app.register(routesOf(partnerLinkRoutes, services));
  await app.register(routesOf(kycRoutes, services));
  await app.register(routesOf(kycSdkRoutes, services));
  await app.register(routesOf(kycSubmitRoutes, services));
  await app.register(routesOf(kycVendorRoutes, services));
  await app.register(routesOf(vendorWebhookRoutes, services));
  await app.register(routesOf(countryRoutes, services));
  await app.register(routesOf(questionnaireRoutes, services));
  await app.register(routesOf(questionnaireSdkRoutes, services));
  await app.register(routesOf(supportRoutes, services));
  await app.register(routesOf(supportInboxRoutes, services));
  await app.register(routesOf(helpRoutes, services));
  await app.register(routesOf(noticeRoutes, services));
  await app.register(routesOf(agreementDocumentRoutes, services));
  await app.register(routesOf(i18nRoutes, services));
  await app.register(routesOf(securityVerificationRoutes, services));
  await app.register(routesOf(identityTransferRoutes, services));
  await app.register(routesOf(identityTransferReviewRoutes, services));
  if (config.providers.simulator)
    await app.register(routesOf(simulatorRoutes, config), { prefix: SIMULATOR_PREFIX });
  await app.register(routesOf(screeningRoutes, services));
  await app.register(routesOf(retentionRoutes, services));
  await app.register(routesOf(riskRoutes, services));
  await app.register(routesOf(autoDecisionRoutes, services));
  await app.register(routesOf(dataExportRoutes, services));
  await app.register(routesOf(dataExportBackofficeRoutes, services));
  await app.register(routesOf(accountClosureRoutes, services));
  await app.register(routesOf(backofficeAccountClosureRoutes, services));
  await app.register(routesOf(spaRoutes, services));
  assertFreezeCovered(freezeCovered);

  return app;
}
