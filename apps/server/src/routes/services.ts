/**
 * What the composition root (composition.ts) hands every route plugin: the configuration, the use-cases
 * and the static paths. Routes reach data only through these, never through a repository or the database.
 */
import type { CorrectionUseCases } from '../domain/checks/correction/correction-service.ts';
import type { AutoReviewUseCases } from '../domain/checks/auto-decision/quality-review.ts';
import type { Config } from '../config.ts';
import type { AccountUseCases } from '../domain/accounts/accounts.ts';
import type { SecurityLog } from '../domain/accounts/security-log.ts';
import type { SessionService } from '../domain/sessions/session-service.ts';
import type { StaffUseCases } from '../domain/staff/staff-auth.ts';
import type { RecoveryCodeUseCases } from '../domain/staff/recovery-codes.ts';
import type { StaffAdminUseCases } from '../domain/staff/staff-admin.ts';
import type { SdkUseCases } from '../domain/sdk/sdk-service.ts';
import type { LinkFlowUseCases } from '../domain/sdk/link-flow.ts';
import type { KycUseCases } from '../domain/kyc/kyc-service.ts';
import type { ReviewUseCases } from '../domain/backoffice/review/index.ts';
import type { DashboardUseCases } from '../domain/backoffice/dashboard/dashboard.ts';
import type { SubmissionUseCases } from '../domain/kyc/submission-service.ts';
import type { VerificationPathsUseCases } from '../domain/kyc/verification-paths.ts';
import type { VendorVerificationUseCases } from '../domain/providers/vendor-verification.ts';
import type { UpdateUseCases } from '../domain/kyc/update-service.ts';
import type { SdkAccessUseCases } from '../domain/kyc/sdk-access.ts';
import type { QuestionnaireUseCases } from '../domain/questionnaires/questionnaire-service.ts';
import type { QuestionnaireReviewUseCases } from '../domain/backoffice/questionnaire-review/questionnaire-review.ts';
import type { CountryCoverageUseCases } from '../domain/countries/coverage-admin.ts';
import type { SupportUseCases } from '../domain/support/support-requests.ts';
import type { NoticeUseCases } from '../domain/notices/notice-service.ts';
import type { AuditChainUseCases } from '../domain/audit/chain-status.ts';
import type { AgreementDocumentUseCases } from '../domain/questionnaires/agreement-document.ts';
import type { PartnersAdminUseCases } from '../domain/backoffice/partners-admin.ts';
import type { PartnerWebhookUseCases } from '../domain/partner-webhooks/partner-webhooks.ts';
import type { ProviderRoutesUseCases } from '../domain/backoffice/provider-routes-admin.ts';
import type { MetricsUseCases } from '../domain/operations/metrics.ts';
import type { SecurityVerificationUseCases } from '../domain/security-verification/security-verification.ts';
import type { IdentityTransferUseCases } from '../domain/identity-transfer/identity-transfer.ts';
import type { ResolutionUseCases } from '../domain/screening/resolution.ts';
import type { AlertUseCases } from '../domain/screening/alerts.ts';
import type { ScreeningListsAdmin } from '../domain/screening/lists-admin.ts';
import type { RetentionUseCases } from '../domain/retention/retention-service.ts';
import type { RiskCountryListUseCases } from '../domain/risk/country-lists-admin.ts';
import type { RiskWeightsUseCases } from '../domain/risk/weights-admin.ts';
import type { DataExportUseCases } from '../domain/data-export/data-export.ts';
import type { AccountClosureUseCases } from '../domain/account-closure/account-closure.ts';

/** What route plugins receive: configuration and use-cases, never repositories. */
export interface Services {
  config: Config;
  /** Readiness (/readyz): whether the database answers, which one it is, and whether Redis does. */
  readiness: Readiness;
  /** GET /metrics and the request timings it reports (issue 14); undefined without METRICS_TOKEN. */
  metrics: MetricsUseCases | undefined;
  sessions: SessionService;
  accounts: AccountUseCases;
  /** The person's own security log, read as "Recent sign-ins" (issue 11). */
  securityLog: SecurityLog;
  staff: StaffUseCases;
  /** A staff member's own one-time recovery codes (issue 11). */
  recoveryCodes: RecoveryCodeUseCases;
  /** Staff list and the audited reset of a member's second factor, admin only (issue 11). */
  staffAdmin: StaffAdminUseCases;
  sdk: SdkUseCases;
  /** The embedded link flow and the person's partner links (docs/sdk.md "Partner links"). */
  linkFlow: LinkFlowUseCases;
  kyc: KycUseCases;
  /** Back-office review (docs/backoffice.md). */
  review: ReviewUseCases;
  /** Issue 19 (D103): the quality review of the in-house provider's automatic approvals. */
  autoReview: AutoReviewUseCases;
  /** The back-office dashboard's figures and the CSV exports of figures and audit-log ranges (issue 17). */
  dashboard: DashboardUseCases;
  /** KYC write side with the in-house provider: uploads, submit, self-reset, personal details. */
  submissions: SubmissionUseCases;
  /** Vendor check, quick KYC, routing, flow description, announcements (docs/kyc.md). */
  verificationPaths: VerificationPathsUseCases;
  /** Verification at a vendor: SDK sessions, webhooks, reconciliation (docs/providers.md). */
  vendorVerification: VendorVerificationUseCases;
  /** Updates of a verified person's ID document and proof of address (update-id, update-poa). */
  updates: UpdateUseCases;
  /** Issue 19: the person's correction step after the document checks (docs/checks.md). */
  corrections: CorrectionUseCases;
  /** The signed-in user's own SDK access token (sdk-access). */
  sdkAccess: SdkAccessUseCases;
  /** Questionnaires, tests, agreements, EDD, compliance tasks, SATOS (docs/questionnaires.md). */
  questionnaires: QuestionnaireUseCases;
  /** Back-office questionnaire review: queue, answers, evidence, decisions, RFI (docs/backoffice.md). */
  questionnaireReview: QuestionnaireReviewUseCases;
  /** Back-office country coverage: list and change, admin only, audited (docs/countries.md). */
  countryCoverage: CountryCoverageUseCases;
  /** The help centre's "Report a problem" and the back-office support inbox (docs/help-centre.md). */
  support: SupportUseCases;
  /** The person's unread markers of staff decisions (docs/kyc.md "Notices"). */
  notices: NoticeUseCases;
  /** An accepted agreement read and downloaded again (issue 10). */
  agreementDocuments: AgreementDocumentUseCases;
  /** The audit log's hash chain, verified incrementally for the audit page (issue 11). */
  auditChain: AuditChainUseCases;
  /** Back-office partners: origins, flags and signing secrets, admin only, audited (docs/sdk.md). */
  partnersAdmin: PartnersAdminUseCases;
  /** Webhooks to partners: endpoint, deliveries and redelivery, admin only, audited (docs/sdk.md). */
  partnerWebhooks: PartnerWebhookUseCases;
  /** Back-office provider routing (D23): routes per country, admin only, audited (docs/backoffice.md). */
  providerRoutes: ProviderRoutesUseCases;
  /** Security verification (step-up): risk tokens, email codes, authenticator app (issue 15). */
  securityVerification: SecurityVerificationUseCases;
  /** Identity transfer between two accounts of one person, and its back-office review (issue 15). */
  identityTransfers: IdentityTransferUseCases;
  /**
   * Issue 18, slice 3: resolving screening hits, the suspicious-activity export, the alerts queue, and
   * whether a person is frozen (every submission refuses, http/account-freeze.ts).
   */
  screening: ResolutionUseCases &
    AlertUseCases &
    ScreeningListsAdmin & { isFrozen(userId: number): Promise<boolean> };
  /** Issue 20: retention policies, legal holds, the erasure job and its redaction records. */
  retention: RetentionUseCases;
  /** Issue 20: the person's own copy of their data, and compliance's for a subject access request. */
  dataExports: DataExportUseCases;
  /** Issue 20: closing an account (the person's, behind 30035, or staff's) and the erasure request. */
  accountClosure: AccountClosureUseCases;
  /** Issue 18 "Risk score": the weights and thresholds (read; admins change them). */
  riskWeights: RiskWeightsUseCases;
  /** Issue 18 "Risk score": the country lists (read; admins change an entry, D93). */
  riskCountryLists: RiskCountryListUseCases;
  paths: StaticPaths;
}

export interface Readiness {
  dialect: string;
  ping(): Promise<boolean>;
  /** With REDIS_URL: whether Redis answers (bounded like `ping`); down = degraded, not unready. */
  shared?: () => Promise<boolean>;
}

export interface StaticPaths {
  webDist: string;
  backofficeDist: string;
  locales: string;
  /** The help centre's articles, content/help/{slug}/{lang}.md (docs/help-centre.md). */
  helpContent: string;
}
