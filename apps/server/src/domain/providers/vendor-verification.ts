/**
 * Verification at a vendor (docs/providers.md): start or resume a person's verification of a level and
 * answer what the vendor's web SDK needs; receive the vendor's webhooks; reconcile verifications whose
 * webhook never came. The adapters (providers/) speak each vendor's API; this module keeps the state.
 */
import { randomBytes } from 'node:crypto';
import type { KycProvider, KycStepLevel, VerificationSdkInfo } from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { VendorApplicantRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import {
  VendorUnavailable,
  WebhookRejected,
  type VendorApplicantRef,
  type VendorName,
  type VendorSdkSession,
  type VerificationProvider,
  type WebhookRequest,
} from '../../providers/provider.ts';
import { initialStepStatus } from '../kyc/state-machine.ts';
import type { ScreeningRequests } from '../screening/screening-service.ts';
import type { RiskRecompute } from '../risk/risk-service.ts';
import type { VendorCheckUseCases } from '../checks/vendor/vendor-checks.ts';
import { ingestUseCase, type IngestEffect } from './ingest.ts';

export type VendorProviders = Partial<Record<VendorName, VerificationProvider>>;

/** The statuses from which a person may open (or look into) the vendor's flow of a level. */
const OPENABLE = ['ALLOW', 'FAILED_AND_CAN_RETRY', 'PENDING'];
/** Reconciliation reads pending applicants in pages of this size. */
const RECONCILE_PAGE = 100;
/** A started attempt nobody finished is watched this long; starting again watches it anew. */
export const RECONCILE_GIVE_UP_MS = 14 * 86_400_000;

export interface VendorVerificationDeps {
  repos: Repositories;
  keyring: MasterKeyring;
  providers: VendorProviders;
  /** The provider that verifies this person (stored, else routed: verification-paths). */
  providerOf: (userId: number) => Promise<KycProvider>;
  reconcileAfterMs: number;
  /** The in-house description of a level's flow (verification-paths' get-verification-sdk-info). */
  describeFlow: (userId: number, level: KycStepLevel) => Promise<VerificationSdkInfo>;
  now?: () => number;
  /** Issue 18: screening of the identities vendors verify (D65). */
  screening?: ScreeningRequests;
  /** Issue 18 "Risk score": recomputed after a vendor's approval. */
  risk?: RiskRecompute;
  /** Issue 19 (D112): the data and duplicate checks on what the vendor read, after its approval. */
  vendorChecks?: VendorCheckUseCases;
}

/** Effects of an approval that verified the identity (applied, or held for a reviewer: D105). */
const VERIFIED: readonly IngestEffect[] = ['applied', 'held_frozen', 'held_open_hit'];

export interface VendorSession extends VendorSdkSession {
  provider: VendorName;
  level: KycStepLevel;
}

const toRef = (row: VendorApplicantRow): VendorApplicantRef => ({
  externalUserId: row.external_user_id,
  vendorApplicantId: row.vendor_applicant_id,
  flowId: row.flow_id,
  level: row.level as KycStepLevel,
});

/** A vendor's failure as the person sees it: translated 30061, "try again in a moment". */
function unavailable(error: unknown): never {
  if (error instanceof VendorUnavailable)
    throw new AppError(
      'KYC_VENDOR_UNAVAILABLE',
      `the verification vendor did not answer: ${error.message}`,
      200,
      {},
      { cause: error },
    );
  throw error;
}

export function vendorVerificationUseCases(deps: VendorVerificationDeps) {
  const { repos, providers } = deps;
  const now = deps.now ?? Date.now;
  const ingest = ingestUseCase({
    repos,
    keyring: deps.keyring,
    now,
    screening: deps.screening,
    risk: deps.risk,
  });

  let log: { error(details: object, message: string): void } = { error: () => {} };

  /**
   * After an approval committed (D112): what the vendor read from the document, checked and stored for
   * the vendor's submission. Never fails the event (already applied): a vendor that does not answer
   * leaves the case without these checks, logged.
   */
  async function checkDocument(
    adapter: VerificationProvider,
    applicant: VendorApplicantRow,
    level: KycStepLevel,
    flowId: string | null,
  ): Promise<void> {
    if (!deps.vendorChecks || !adapter.documentOf || !applicant.vendor_applicant_id) return;
    const userId = Number(applicant.user_id);
    try {
      const document = await adapter.documentOf({
        ...toRef(applicant),
        vendorApplicantId: applicant.vendor_applicant_id,
        flowId: flowId ?? applicant.flow_id,
      });
      const stored = await deps.vendorChecks.afterVerified(userId, adapter.name, level, document);
      if (stored === 'stored') deps.risk?.soon(userId, 'document_checks');
    } catch (error) {
      log.error(
        { event: 'vendor-checks.failed', vendor: adapter.name, user: userId, err: error },
        'the checks on the vendor result were not stored',
      );
    }
  }

  const adapterOf = (provider: KycProvider): VerificationProvider | undefined =>
    provider in providers ? providers[provider as VendorName] : undefined;

  async function sdkSession(
    userId: number,
    level: KycStepLevel,
    lang: string,
  ): Promise<VendorSession | undefined> {
    const provider = await deps.providerOf(userId);
    const adapter = adapterOf(provider);
    if (!adapter) return undefined;
    const at = now();
    const [states, applicant] = await Promise.all([
      repos.kyc.levelStates(userId),
      repos.kyc.findApplicant(userId),
    ]);
    const status = states.find((s) => s.level === level)?.status ?? initialStepStatus(level);
    if (!OPENABLE.includes(status))
      throw new AppError('KYC_ILLEGAL_TRANSITION', `LEVEL_${level} cannot be verified now (${status})`);
    const row = await repos.vendors.ensureApplicant(
      userId,
      adapter.name,
      `kyc_${randomBytes(12).toString('hex')}`,
      level,
      at,
    );
    const started = await adapter
      .start({
        applicant: toRef(row),
        level,
        lang,
        country: applicant?.country || applicant?.residence_country || '',
      })
      .catch(unavailable);
    await repos.transaction(async (tx) => {
      await tx.vendors.recordStart(
        Number(row.id),
        { vendorApplicantId: started.vendorApplicantId, flowId: started.flowId, level },
        at,
      );
      // The provider sticks (D23): a flow started at a vendor is never continued elsewhere.
      if (applicant?.provider !== adapter.name) {
        await tx.submissions.ensureApplicant(userId, at);
        await tx.kyc.upsertApplicant(userId, { provider: adapter.name }, at);
      }
    });
    return { ...started.sdk, provider: adapter.name, level };
  }

  return {
    useLog(logger: typeof log) {
      log = logger;
    },

    /** The adapter of a provider, when it is a configured vendor (kyc-info's apiUrl and flowNames). */
    adapterOf,

    /**
     * The vendor's SDK session for the person and level (creating the applicant on first use), or
     * undefined when the person is verified in-house. Refused (30001) when the level cannot be opened.
     */
    sdkSession,

    /**
     * POST get-verification-sdk-info: the flow of a level as the in-house flow describes it, and for a
     * vendor provider the vendor's SDK session (token, API address, level name, script, expiry).
     */
    async verificationSdkInfo(
      userId: number,
      level: KycStepLevel,
      lang: string,
    ): Promise<VerificationSdkInfo> {
      const info = await deps.describeFlow(userId, level);
      const session = await sdkSession(userId, level, lang);
      if (!session) return info;
      const { token, apiUrl, flowName, sdkUrl, flowUrl, expiresAt } = session;
      return {
        ...info,
        provider: session.provider,
        apiUrl,
        flowName,
        vendorSdk: { token, apiUrl, flowName, sdkUrl, flowUrl, expiresAt },
      };
    },

    /** kyc-info's kycToken: the vendor SDK token of the level, or null when the level cannot be opened. */
    async kycToken(userId: number, level: KycStepLevel, lang: string): Promise<string | null> {
      try {
        return (await sdkSession(userId, level, lang))?.token ?? null;
      } catch (error) {
        if (error instanceof AppError && error.code === 'KYC_ILLEGAL_TRANSITION') return null;
        throw error;
      }
    },

    /**
     * POST /webhooks/{vendor}: verifies the signature over the raw body (401 / 30062 and nothing changes
     * when wrong), then applies the event once, in the vendor's order; answers what it did.
     */
    async receiveWebhook(vendor: VendorName, request: WebhookRequest): Promise<{ effect: IngestEffect }> {
      const adapter = providers[vendor];
      if (!adapter) throw new AppError('PARAMS_ERROR', `${vendor} is not configured`, 404);
      let event;
      try {
        event = adapter.parseWebhook(request);
      } catch (error) {
        if (error instanceof WebhookRejected)
          throw new AppError('VENDOR_WEBHOOK_REJECTED', error.message, 401, {}, { cause: error });
        throw error;
      }
      const applicant = await repos.vendors.findApplicant(
        vendor,
        event.vendorApplicantId,
        event.externalUserId,
        event.flowId,
      );
      let { outcome, occurredAt } = event;
      let eventKey = event.eventKey;
      if (outcome === 'fetch') {
        // A notice only (Jumio): the outcome is read from the vendor, never taken from the callback.
        if (!applicant?.vendor_applicant_id) outcome = { kind: 'none' };
        else {
          const result = await adapter
            .fetchResult({
              ...toRef(applicant),
              vendorApplicantId: applicant.vendor_applicant_id,
              flowId: event.flowId ?? applicant.flow_id,
            })
            .catch(unavailable);
          outcome = result.outcome;
          occurredAt = Math.max(occurredAt, result.occurredAt);
          eventKey = `${event.eventKey}:${result.resultKey}`;
        }
      }
      const effect = await ingest({
        vendor,
        eventKey,
        eventType: event.type,
        source: 'webhook',
        occurredAt,
        vendorApplicantId: event.vendorApplicantId,
        applicant,
        level: event.level,
        outcome,
        payload: request.rawBody.toString('utf8'),
      });
      if (applicant && outcome.kind === 'approved' && VERIFIED.includes(effect))
        await checkDocument(
          adapter,
          applicant,
          event.level ?? (applicant.level as KycStepLevel),
          event.flowId,
        );
      return { effect };
    },

    /**
     * The reconciliation job: every verification pending at a vendor for longer than
     * VENDOR_RECONCILE_MINUTES is read from the vendor and its result applied like an event. A vendor that
     * does not answer is tried again at the next run. Answers how many results changed something.
     */
    async reconcile(): Promise<number> {
      const before = now() - deps.reconcileAfterMs;
      const notBefore = now() - RECONCILE_GIVE_UP_MS;
      let afterId = 0;
      let changed = 0;
      for (;;) {
        const page = await repos.vendors.pendingBefore(before, notBefore, afterId, RECONCILE_PAGE);
        for (const row of page) {
          afterId = Number(row.id);
          const adapter = providers[row.provider];
          if (!adapter || !row.vendor_applicant_id) continue;
          let result;
          try {
            result = await adapter.fetchResult({ ...toRef(row), vendorApplicantId: row.vendor_applicant_id });
          } catch (error) {
            if (error instanceof VendorUnavailable) continue;
            throw error;
          }
          const effect = await ingest({
            vendor: row.provider,
            eventKey: `reconcile:${result.resultKey}`,
            eventType: 'reconciliation',
            source: 'reconciliation',
            occurredAt: result.occurredAt,
            vendorApplicantId: row.vendor_applicant_id,
            applicant: row,
            level: row.level as KycStepLevel,
            outcome: result.outcome,
            payload: JSON.stringify({ reconciled: result.outcome }),
          });
          if (effect === 'applied') changed++;
          if (result.outcome.kind === 'approved' && VERIFIED.includes(effect))
            await checkDocument(adapter, row, row.level as KycStepLevel, null);
          await repos.vendors.markReconciled(Number(row.id), now());
        }
        if (page.length < RECONCILE_PAGE) return changed;
      }
    },
  };
}
export type VendorVerificationUseCases = ReturnType<typeof vendorVerificationUseCases>;
