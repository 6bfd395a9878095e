/**
 * One list of migrations, written once with Kysely's schema builder and run on SQLite and PostgreSQL
 * alike. Where the two differ (auto-increment keys), helpers.ts takes the dialect.
 */
import type { MigrationProvider } from 'kysely';
import type { Dialect } from '../db.ts';
import type { MigrationFactory } from './helpers.ts';
import { m001Accounts } from './001-accounts.ts';
import { m002Sdk } from './002-sdk.ts';
import { m003Kyc } from './003-kyc.ts';
import { m004Submissions } from './004-submissions.ts';
import { m005Backoffice } from './005-backoffice.ts';
import { m006SubmissionKinds } from './006-submission-kinds.ts';
import { m007VerificationPaths } from './007-verification-paths.ts';
import { m008Questionnaires } from './008-questionnaires.ts';
import { m009SupportRequests } from './009-support-requests.ts';
import { m010Countries } from './010-countries.ts';
import { m011CaptureConsent } from './011-capture-consent.ts';
import { m012Notices } from './012-notices.ts';
import { m013PartnerLinks } from './013-partner-links.ts';
import { m014StaffSecondFactor } from './014-staff-second-factor.ts';
import { m015AuditChain } from './015-audit-chain.ts';
import { m016SecurityLog } from './016-security-log.ts';
import { m017Providers } from './017-providers.ts';
import { m018PartnerWebhooks } from './018-partner-webhooks.ts';
import { m019DocumentChunks } from './019-document-chunks.ts';
import { m020ScheduledTasks } from './020-scheduled-tasks.ts';
import { m021DecisionTimeIndex } from './021-decision-time-index.ts';
import { m022SecurityVerification } from './022-security-verification.ts';
import { m023IdentityTransfers } from './023-identity-transfers.ts';
import { m024ListIndexes } from './024-list-indexes.ts';
import { m025QuestionnaireQueue } from './025-questionnaire-queue.ts';
import { m026CaseClaims } from './026-case-claims.ts';
import { m027Screening } from './027-screening.ts';
import { m028ScreeningResolution } from './028-screening-resolution.ts';
import { m029Retention } from './029-retention.ts';
import { m030RetentionScans } from './030-retention-scans.ts';
import { m031DataExports } from './031-data-exports.ts';
import { m032AccountClosure } from './032-account-closure.ts';
import { m034SignInCodes } from './034-sign-in-codes.ts';
import { m037DashboardIndexes } from './037-dashboard-indexes.ts';
import { m038Risk } from './038-risk.ts';
import { m039TransferDecisionTimes } from './039-transfer-decision-times.ts';
import { m040RiskVersionCause } from './040-risk-version-cause.ts';
import { m041ScreeningDelta } from './041-screening-delta.ts';
import { m042DocumentChecks } from './042-document-checks.ts';
import { m043DocumentCorrections } from './043-document-corrections.ts';
import { m044AutoDecisions } from './044-auto-decisions.ts';
import { m045ScreeningAlerts } from './045-screening-alerts.ts';
import { m046LifecycleIndexes } from './046-lifecycle-indexes.ts';
import { m047FaceEmbeddings } from './047-face-embeddings.ts';
import { m049ScreeningDeltaEnd } from './049-screening-delta-end.ts';
import { m051SelfieLiveness } from './051-selfie-liveness.ts';
import { m054VerificationQueue } from './054-verification-queue.ts';
import { m055DecisionRollups } from './055-decision-rollups.ts';
import { m056StaffSites } from './056-staff-sites.ts';

export type { MigrationFactory, MigrationDb } from './helpers.ts';

const ALL: Record<string, MigrationFactory> = {
  '001-accounts': m001Accounts,
  '002-sdk': m002Sdk,
  '003-kyc': m003Kyc,
  '004-submissions': m004Submissions,
  '005-backoffice': m005Backoffice,
  '006-submission-kinds': m006SubmissionKinds,
  '007-verification-paths': m007VerificationPaths,
  '008-questionnaires': m008Questionnaires,
  '009-support-requests': m009SupportRequests,
  '010-countries': m010Countries,
  '011-capture-consent': m011CaptureConsent,
  '012-notices': m012Notices,
  '013-partner-links': m013PartnerLinks,
  '014-staff-second-factor': m014StaffSecondFactor,
  '015-audit-chain': m015AuditChain,
  '016-security-log': m016SecurityLog,
  '017-providers': m017Providers,
  '018-partner-webhooks': m018PartnerWebhooks,
  '019-document-chunks': m019DocumentChunks,
  '020-scheduled-tasks': m020ScheduledTasks,
  '021-decision-time-index': m021DecisionTimeIndex,
  '022-security-verification': m022SecurityVerification,
  '023-identity-transfers': m023IdentityTransfers,
  '024-list-indexes': m024ListIndexes,
  '025-questionnaire-queue': m025QuestionnaireQueue,
  '026-case-claims': m026CaseClaims,
  '027-screening': m027Screening,
  '028-screening-resolution': m028ScreeningResolution,
  '029-retention': m029Retention,
  '030-retention-scans': m030RetentionScans,
  '031-data-exports': m031DataExports,
  '032-account-closure': m032AccountClosure,
  '034-sign-in-codes': m034SignInCodes,
  '037-dashboard-indexes': m037DashboardIndexes,
  '038-risk': m038Risk,
  '039-transfer-decision-times': m039TransferDecisionTimes,
  '040-risk-version-cause': m040RiskVersionCause,
  '041-screening-delta': m041ScreeningDelta,
  '042-document-checks': m042DocumentChecks,
  '043-document-corrections': m043DocumentCorrections,
  '044-auto-decisions': m044AutoDecisions,
  '045-screening-alerts': m045ScreeningAlerts,
  '046-lifecycle-indexes': m046LifecycleIndexes,
  '047-face-embeddings': m047FaceEmbeddings,
  '049-screening-delta-end': m049ScreeningDeltaEnd,
  '051-selfie-liveness': m051SelfieLiveness,
  '054-verification-queue': m054VerificationQueue,
  '055-decision-rollups': m055DecisionRollups,
  '056-staff-sites': m056StaffSites,
};

export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations() {
      return Object.fromEntries(Object.entries(ALL).map(([name, make]) => [name, make(dialect)]));
    },
  };
}
