/**
 * Table types for Kysely, one module per area (as in Kysely's own examples); `Tables` maps every table
 * name to its row type. Times are epoch milliseconds (bigint on PostgreSQL, parsed back to number);
 * flags are 0/1 integers so that the same SQL runs on SQLite and PostgreSQL. Status, role and kind
 * columns carry the contract's unions where a CHECK constraint or the code that writes them guarantees
 * the value set.
 */
import type { AccountsTables } from './accounts.ts';
import type { KycTables } from './kyc.ts';
import type { VerificationPathsTables } from './verification-paths.ts';
import type { SdkTables } from './sdk.ts';
import type { AuditTables } from './audit.ts';
import type { QuestionnairesTables } from './questionnaires.ts';
import type { SupportTables } from './support.ts';
import type { ProvidersTables } from './providers.ts';
import type { PartnerWebhooksTables } from './partner-webhooks.ts';
import type { DocumentsTables } from './documents.ts';
import type { WorkTables } from './work.ts';
import type { SecurityVerificationTables } from './security-verification.ts';
import type { IdentityTransferTables } from './identity-transfers.ts';
import type { ScreeningTables } from './screening.ts';
import type { RiskTables } from './risk.ts';
import type { DocumentCheckTables } from './document-checks.ts';
import type { AutoDecisionTables } from './auto-decisions.ts';
import type { RetentionTables } from './retention.ts';
import type { DataExportTables } from './data-exports.ts';
import type { AccountClosureTables } from './account-closure.ts';

export type * from './accounts.ts';
export type * from './kyc.ts';
export type * from './verification-paths.ts';
export type * from './sdk.ts';
export type * from './audit.ts';
export type * from './questionnaires.ts';
export type * from './support.ts';
export type * from './providers.ts';
export type * from './partner-webhooks.ts';
export type * from './documents.ts';
export type * from './work.ts';
export type * from './security-verification.ts';
export type * from './identity-transfers.ts';
export type * from './screening.ts';
export type * from './risk.ts';
export type * from './document-checks.ts';
export type * from './auto-decisions.ts';
export type * from './retention.ts';
export type * from './data-exports.ts';
export type * from './account-closure.ts';

/** Every table of the database (the connection's type is `Db`, data/db.ts). */
export interface Tables
  extends
    AccountsTables,
    KycTables,
    VerificationPathsTables,
    SdkTables,
    AuditTables,
    QuestionnairesTables,
    SupportTables,
    ProvidersTables,
    PartnerWebhooksTables,
    DocumentsTables,
    WorkTables,
    SecurityVerificationTables,
    IdentityTransferTables,
    ScreeningTables,
    RetentionTables,
    DataExportTables,
    AccountClosureTables,
    RiskTables,
    DocumentCheckTables,
    AutoDecisionTables {}
