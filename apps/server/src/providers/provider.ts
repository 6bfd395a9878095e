/**
 * The one interface every verification provider implements (docs/providers.md "The provider
 * interface"). A vendor adapter (sumsub/, onfido/, jumio/) speaks its vendor's published API; the
 * domain (domain/providers/) keeps the state: which applicant a person has at which vendor, which
 * events were applied, and what each outcome does to the person's level. Adapters hold no state and
 * never see an email or a name: a person is known to a vendor only by our opaque `externalUserId`.
 */
import type { KycRejectReasonCode, KycStepLevel } from '@kyc/contracts';
import type { VendorName } from './settings.ts';

export type { VendorName } from './settings.ts';

/** The vendor's applicant (and, where the vendor has one, the flow of the current attempt). */
export interface VendorApplicantRef {
  /** Our opaque reference the vendor knows the person by ("kyc_" + 24 hex), never the email. */
  externalUserId: string;
  /** The vendor's applicant / account id, once created. */
  vendorApplicantId: string | null;
  /** The vendor's flow of the current attempt (Onfido workflow run, Jumio workflow execution), if any. */
  flowId: string | null;
  /** The level that flow was opened for. */
  level: KycStepLevel;
}

/** What the browser needs to open the vendor's web SDK (kyc-info kycToken, get-verification-sdk-info). */
export interface VendorSdkSession {
  /** The SDK access token (Sumsub access token, Onfido SDK token, Jumio web token). */
  token: string;
  /** The vendor's API address the SDK talks to (kyc-info apiUrl). */
  apiUrl: string;
  /** The vendor's level / workflow name (Level1_web, a workflow id …). */
  flowName: string;
  /** The web SDK script to load (a setting); '' where the vendor's flow is a page to open instead. */
  sdkUrl: string;
  /** A page of the vendor to open (Jumio's web client), else ''. */
  flowUrl: string;
  /** Epoch ms after which the token no longer works. */
  expiresAt: number;
}

/** The result of starting or resuming a verification: the applicant as it now is, and the SDK session. */
export interface StartedVerification {
  vendorApplicantId: string;
  flowId: string | null;
  sdk: VendorSdkSession;
}

/** One rejection reason: ours (translated for the person), and the vendor's own label kept for staff. */
export interface MappedRejectReason {
  code: KycRejectReasonCode;
  vendorLabel: string;
}

/** What an event or a fetched result means for the person's level (domain/providers/apply-outcome.ts). */
export type VendorOutcome =
  /** The person finished the vendor's flow: the level is in review (PENDING). */
  | { kind: 'pending' }
  /** The vendor holds the case for a manual check of its own: the level stays PENDING. */
  | { kind: 'on_hold' }
  | { kind: 'approved' }
  /** Rejected, may try again: FAILED_AND_CAN_RETRY with the reasons and the vendor's comment. */
  | { kind: 'rejected_retry'; reasons: MappedRejectReason[]; userMessage: string; reviewerNote: string }
  /** Rejected for good by the vendor: proposed as final, a senior reviewer confirms (four eyes). */
  | { kind: 'rejected_final'; reasons: MappedRejectReason[]; userMessage: string; reviewerNote: string }
  /** The vendor reset the applicant: the person starts the level again (ALLOW). */
  | { kind: 'reset' }
  /** Nothing changes (an event kept for the history only, or a result still in progress). */
  | { kind: 'none' };

/**
 * What a vendor read from the person's identity document, as far as it says (issue 19, D112): the data
 * and duplicate checks are run on it. Each field null when the vendor gives none.
 */
export interface VendorDocumentData {
  firstName: string | null;
  lastName: string | null;
  /** YYYY-MM-DD. */
  dateOfBirth: string | null;
  documentNumber: string | null;
  /** ISO 3166-1 alpha-2 or alpha-3, as the vendor gives it. */
  issuingCountry: string | null;
  /** The vendor's document type (PASSPORT, ID_CARD, DRIVING_LICENSE…), kept for staff. */
  documentType: string | null;
  /** YYYY-MM-DD. */
  expiryDate: string | null;
}

/** A webhook, verified and parsed. */
export interface VendorEvent {
  /** Unique per vendor for one event (the same event twice has one effect). */
  eventKey: string;
  /** The vendor's event type, e.g. applicantReviewed, workflow_run.completed. */
  type: string;
  /** The vendor's time of the event, epoch ms: events apply in this order. */
  occurredAt: number;
  vendorApplicantId: string;
  /** Our reference, when the vendor repeats it in the event. */
  externalUserId: string | null;
  /** The vendor's flow the event is about (Onfido workflow run, Jumio workflow execution), if any. */
  flowId: string | null;
  /** The level, when the event names the vendor's level / workflow. */
  level: KycStepLevel | null;
  /** The outcome, or 'fetch': the event is only a notice, the outcome is read from the vendor (Jumio). */
  outcome: VendorOutcome | 'fetch';
}

/** A result read from the vendor (reconciliation, or a notice-only webhook). */
export interface VendorResult {
  outcome: VendorOutcome;
  /** The vendor's time of the result, epoch ms (its review time; now when it gives none). */
  occurredAt: number;
  /** A stable key of this result, so that reading it twice applies it once. */
  resultKey: string;
}

/** The request of a webhook as it arrived: the raw bytes are what the signature covers. */
export interface WebhookRequest {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
  /** The client address as the server sees it (TRUST_PROXY decides whether a proxy's header counts). */
  remoteAddress: string;
}

/** A webhook whose signature (or origin) is wrong: answered 401, nothing changes. */
export class WebhookRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'WebhookRejected';
  }
}

/** A vendor that did not answer usefully (down, timed out, 5xx after the retries): answered 503 to the person. */
export class VendorUnavailable extends Error {
  constructor(
    readonly vendor: VendorName,
    reason: string,
  ) {
    super(`${vendor}: ${reason}`);
    this.name = 'VendorUnavailable';
  }
}

export interface StartInput {
  applicant: VendorApplicantRef;
  level: KycStepLevel;
  /** The person's language (spec §9 code), for the vendor's SDK. */
  lang: string;
  /** Issuing or residence country (ISO alpha-2) when known, '' otherwise. */
  country: string;
}

/** A vendor adapter. */
export interface VerificationProvider {
  readonly name: VendorName;
  /** The vendor's API address its web SDK talks to (kyc-info apiUrl). */
  readonly apiUrl: string;
  /** The vendor's level / workflow name of one of our levels. */
  flowNameOf(level: KycStepLevel): string;
  /**
   * Starts or resumes the verification of a level: creates the vendor applicant on first use (keyed by
   * `externalUserId`), opens a new flow where the vendor needs one per attempt, and answers the SDK session.
   */
  start(input: StartInput): Promise<StartedVerification>;
  /** Verifies the webhook's signature (or origin) over the raw body and parses it; WebhookRejected if not. */
  parseWebhook(request: WebhookRequest): VendorEvent;
  /** Reads the current result of the applicant's verification from the vendor (reconciliation). */
  fetchResult(applicant: VendorApplicantRef & { vendorApplicantId: string }): Promise<VendorResult>;
  /**
   * What the vendor read from the document of the applicant's verified attempt (issue 19, D112), or
   * null when it says nothing. Optional: an adapter that cannot read it leaves the checks unstored.
   */
  documentOf?(
    applicant: VendorApplicantRef & { vendorApplicantId: string },
  ): Promise<VendorDocumentData | null>;
}
