/**
 * Every setting of the server, validated at boot. Each has a default (or is required) and a one-line
 * doc; `describeSettings()` feeds the README's configuration table. All problems are reported at once.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { SITE_CODES, isRegulatedSite, isSiteCode, type SiteCode } from '@kyc/contracts';
import {
  DEFAULT_PASSWORD_HASH_COST,
  MAX_PASSWORD_HASH_COST,
  MIN_PASSWORD_HASH_COST,
} from './lib/passwords.ts';
import { DOCUMENT_STORES, type DocumentStoreKind } from './lib/uploads/blob-store.ts';
import {
  PROVIDER_SETTINGS,
  providerConfigOf,
  providerConfigProblems,
  providerSchemaShape,
  type ProviderConfig,
} from './providers/settings.ts';

/** A URL list: https, or plain http to this machine only (a local mirror; the tests' server). */
export const SCREENING_URL = /^(https:\/\/\S+|http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\/\S*)$/i;

/** The default SCREENING_THRESHOLD (domain/screening/matching/screen-person.ts has the same). */
export const DEFAULT_SCREENING_THRESHOLD = 0.85;

/**
 * The fixtures loaded in demo mode when SCREENING_LISTS is unset: one file of each format (the older
 * SDN.XML namespace and the advanced SDN file repeat the OFAC entries, so they are left out).
 */
export const DEMO_SCREENING_FIXTURES = [
  'ofac-sdn.xml',
  'un-consolidated.xml',
  'eu-fsf.xml',
  'uk-sanctions-list.xml',
  'operator.csv',
].map((name) => path.join(import.meta.dirname, 'domain/screening/fixtures', name));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const intInRange = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be between ${min} and ${max}`);

/** Documentation of each setting: what the README table shows. */
export const SETTINGS = {
  NODE_ENV: {
    default: 'development',
    doc: '`production` turns on production mode: SESSION_SECRET required, secure cookies, no demo data.',
  },
  PORT: { default: '8080', doc: 'TCP port the server listens on.' },
  HOST: {
    default: '127.0.0.1',
    doc: 'Interface to bind; `0.0.0.0` to accept connections from other machines or containers.',
  },
  DATA_DIR: {
    default: '.data',
    doc: 'Folder for the SQLite database, the generated session secret and the encrypted documents. Created if missing.',
  },
  DATABASE_URL: {
    default: '<DATA_DIR>/kyc.sqlite',
    doc: 'A SQLite file path, or `postgres://user@host:5432/db` for PostgreSQL.',
  },
  DATABASE_MIGRATION_URL: {
    default: 'DATABASE_URL',
    doc: "PostgreSQL: the owner role that runs migrations at start-up, e.g. `postgres://kyc_owner@host/kyc`; the server then works as DATABASE_URL's runtime role (INSERT and SELECT only on the audit log; `npm run db:roles`, docs/operations.md).",
  },
  DB_CONNECT_TIMEOUT_MS: {
    default: '5000',
    doc: "How long a request waits for a database connection (PostgreSQL: connecting, or a free pooled connection; SQLite: another process's lock), then answers 503 with ret_code 10018.",
  },
  DB_STATEMENT_TIMEOUT_MS: {
    default: '15000',
    doc: 'PostgreSQL: a longer statement is cancelled and a transaction idle that long is ended; with no answer at all (a network partition) the server gives up 500 ms later. The request answers 503 with ret_code 10018. Migrations have no limit.',
  },
  SESSION_SECRET: {
    default: 'generated into <DATA_DIR>/session-secret outside production',
    doc: 'At least 32 characters; signs anonymous CSRF tokens. Required in production, and with a PostgreSQL `DATABASE_URL` (the same value on every instance).',
  },
  DATA_MASTER_KEY: {
    default: 'generated into <DATA_DIR>/master-key outside production',
    doc: 'Base64 of 32 random bytes (`openssl rand -base64 32`); wraps the per-user keys that encrypt uploaded documents. Required in production, and with a PostgreSQL `DATABASE_URL` (the same on every instance); losing it loses every document.',
  },
  DATA_MASTER_KEY_PREVIOUS: {
    default: 'none',
    doc: 'During a rotation of DATA_MASTER_KEY: the retired keys, comma-separated (base64 of 32 bytes each). They only open what they sealed; `npm run keys:rotate` (and a scheduled task) re-seals everything under DATA_MASTER_KEY. Keep them while audit entries written under them are kept (docs/operations.md "Rotating DATA_MASTER_KEY").',
  },
  DOCUMENT_STORE: {
    default: 'file',
    doc: '`file`: encrypted documents under `<DATA_DIR>/blobs` (one instance, or a shared folder); `database`: in the database in 256 KiB chunks, for several instances on one PostgreSQL (docs/operations.md "Documents: where they are kept").',
  },
  COOKIE_SECURE: {
    default: 'true in production or when PUBLIC_ORIGIN is https, else false',
    doc: 'Adds `Secure` to cookies, names them with the `__Host-` prefix (Path=/, no Domain) and sends HSTS; set true whenever the site is served over HTTPS.',
  },
  PUBLIC_ORIGIN: {
    default: 'http://localhost:<PORT>',
    doc: 'The origin users reach the portal at; state-changing requests from other origins are refused.',
  },
  LOG_LEVEL: {
    default: 'info',
    doc: 'pino level: fatal, error, warn, info, debug, trace or silent. Logs never hold personal data.',
  },
  DEMO_DATA: {
    default: 'false (`npm start` sets true)',
    doc: 'Seed the demo accounts at start-up. Refused in production.',
  },
  DEMO_STAFF_TOTP: {
    default: 'required',
    doc: '`required`: the seeded demo staff must give their TOTP code at sign-in (secrets in the README); `optional`: they may leave it out. Every other staff account always needs its code once enrolled.',
  },
  FRAME_ANCESTORS: {
    default: "'none'",
    doc: "CSP frame-ancestors: origins allowed to embed the portal (SDK mode in a partner's web view), e.g. `https://partner.example`.",
  },
  SESSION_IDLE_MINUTES: { default: '30', doc: 'A session ends after this long without a request.' },
  SESSION_ABSOLUTE_HOURS: { default: '12', doc: 'A session ends this long after sign-in, active or not.' },
  RATE_LIMIT_PER_MINUTE: {
    default: '600',
    doc: 'API requests per minute per client address; 0 disables the global limit (sign-in limits stay).',
  },
  SIGN_IN_LIMIT_PER_15_MINUTES: {
    default: '30',
    doc: 'Sign-in attempts per client address in 15 minutes (end users; after five failures, further attempts on that account wait a growing delay, 30 s up to 15 minutes, never a lock-out).',
  },
  SIGN_UP_LIMIT_PER_HOUR: {
    default: '20',
    doc: 'Accounts created per client address in an hour.',
  },
  REDIS_URL: {
    default: 'none: limits in process memory',
    doc: '`redis://host:6379` (or `rediss://`): rate limits, sign-in delays, SDK and help-centre limits and cache invalidation shared by all instances. Redis down: local limits, a loud log line, /readyz `degraded` (docs/operations.md).',
  },
  REDIS_KEY_PREFIX: {
    default: 'kyc:',
    doc: "Prefix of this deployment's keys and channel in Redis (several deployments on one Redis).",
  },
  TRUST_PROXY: {
    default: 'false',
    doc: 'Trust X-Forwarded-For / -Proto from a reverse proxy (set true behind one), so rate limits see real addresses.',
  },
  SITE: {
    default: 'from the host name',
    doc: `Pins the site variant for this deployment (${SITE_CODES.join(', ')}), e.g. \`HKG\` to test Hong Kong on localhost; unset, the page derives it from its host (.hk, .ae, .tr, .kz, .eu, .ge, .id, else GLOBAL).`,
  },
  API_ORIGIN: {
    default: 'same origin as the page',
    doc: "An API origin other than the page's, e.g. `https://api2.example.com`; unset, the SPA calls this server.",
  },
  PUBLIC_ENVIRONMENT: {
    default: 'production',
    doc: 'Environment name the SPA sees: `production`, `testnet` or `test` (translation file prefixes testnet- / test-).',
  },
  HELP_CENTER_BASE_URL: {
    default: '/help/',
    doc: 'Base of the help-center article links shown in the footer: a path on this server or an `https://` address.',
  },
  METRICS_TOKEN: {
    default: 'none: no /metrics endpoint (404)',
    doc: 'At least 32 characters: `GET /metrics` (Prometheus text: request latencies per route, queues, database pool, decisions, pending-review age) answers scrapers sending `Authorization: Bearer <token>`, else 401 (docs/operations.md "What to watch").',
  },
  SMTP_URL: {
    default: 'none: mail kept in the development mailbox /dev/mailbox (refused in production)',
    doc: 'Where mail goes out (security codes, identity-transfer notices), e.g. `smtps://user:pass@smtp.example.com:465`; nodemailer (D52). Required in production.',
  },
  MAIL_FROM: {
    default: 'KYC <no-reply@localhost>',
    doc: 'The sender of every mail, e.g. `Exchange Security <security@example.com>`.',
  },
  COMPLIANCE_EMAIL: {
    default: 'compliance@localhost (outside production: caught by the development mailbox)',
    doc: 'Where compliance is mailed when a true screening match freezes an account (issue 18; docs/screening.md "Freeze"): the person\'s id, the list entry and a link to the case, never their name. Required in production when screening lists are configured.',
  },
  TRANSFER_COOLING_OFF_HOURS: {
    default: '24',
    doc: 'Identity transfer: hours after both consents before a transfer can complete, during which either person can cancel (0–720; docs/identity-transfer.md).',
  },
  TRANSFER_FOUR_EYES_LEVEL: {
    default: '2',
    doc: 'Identity transfer: a source verified at this level or above needs two different senior reviewers (1–2; 3 turns four eyes off).',
  },
  PASSWORD_HASH_COST: {
    default: String(DEFAULT_PASSWORD_HASH_COST),
    doc: `log2 of scrypt's N for new password hashes (${MIN_PASSWORD_HASH_COST}–${MAX_PASSWORD_HASH_COST}). Only NODE_ENV=test may set it below ${DEFAULT_PASSWORD_HASH_COST}, so that test runs sign people up quickly; stored hashes keep their own cost.`,
  },
  CASE_CLAIM_MINUTES: {
    default: '120',
    doc: 'Issue 17 (D120): how long a claim on a verification case lasts ("Assign to me", or a lead\'s assignment) without a decision or a renewal; while it lasts only the assignee decides (5–1440).',
  },
  SCREENING_LISTS: {
    default: 'none (with `DEMO_DATA`: the shipped fixtures)',
    doc: 'Sanctions, PEP and internal lists to screen people against: comma-separated file paths or `https://` URLs, the format read from the content (docs/screening.md). Files load at start-up; URL lists only with the refresh job.',
  },
  SCREENING_REFRESH_HOURS: {
    default: '24',
    doc: 'Hours between refreshes of every screening list (files read again, URLs fetched with a conditional GET; a failed download keeps the last good copy); 0 turns the scheduled refresh off (an admin can still refresh now).',
  },
  SCREENING_ALERT_AUTO_ASSIGN: {
    default: 'false',
    doc: 'Give each new screening alert (a hit still to resolve that nobody works) to the next active reviewer or senior reviewer, round-robin (docs/screening.md "The alerts queue"); off by default: alerts wait for "assign to me".',
  },
  CASE_AUTO_ASSIGN: {
    default: 'off',
    doc: '`round_robin`: a job gives each waiting verification case nobody holds, oldest first, to the active reviewer or senior reviewer of its site given a case least recently (a final rejection awaiting confirmation only to a senior reviewer who did not propose it); `off`: cases wait for "Assign to me" or a lead (docs/backoffice-at-volume.md "Automatic assignment", D121).',
  },
  CASE_ASSIGN_ACTIVE_MINUTES: {
    default: '15',
    doc: 'With `CASE_AUTO_ASSIGN=round_robin`: a member gets cases only while a back-office session of theirs was used within this many minutes (1–1440; signing out stops it at once).',
  },
  CASE_ASSIGN_MAX_OPEN: {
    default: '5',
    doc: 'With `CASE_AUTO_ASSIGN=round_robin`: the automatic assignment tops each member up to this many live claims on waiting cases (1–100), so the backlog is not spread across everybody at once.',
  },
  SCREENING_THRESHOLD: {
    default: String(DEFAULT_SCREENING_THRESHOLD),
    doc: 'The score (0–1) from which a name match is a hit: explained on the case page, and blocking approval while open.',
  },
  AUTO_DECISION_SITES: {
    default: 'the sites that are not regulated (GLOBAL, ARE, GEO, IDN)',
    doc: 'Issue 19 (D102): the sites on which the in-house provider decides level 1 itself (approves a clean, low-risk, screened person; rejects an expired document or an unreadable image for a retry): comma-separated site codes, `none` for no site. A regulated site (HKG, TUR, KAZ, EU) decides automatically only when listed here.',
  },
  AUTO_DECISION_REVIEW_PERCENT: {
    default: '10',
    doc: "Issue 19 (D103): the share (0–100 %) of automatic approvals sent to the back office's quality-review queue.",
  },
  AUTO_DECISION_LIVENESS: {
    default: 'if_run',
    doc: 'Issue 19 (D116): `required`: level 1 is approved automatically only when the liveness challenge ran and the server confirmed it (a selfie uploaded without it waits for a person); `if_run`: a selfie that came without a challenge (a file upload, a client that does not run it) does not block the approval, but a challenge that ran must pass. See D116 and docs/checks.md "Liveness".',
  },
  ...PROVIDER_SETTINGS,
} as const;

export type SettingName = keyof typeof SETTINGS;

const origin = z
  .string()
  .url('must be an origin such as https://kyc.example.com')
  .refine(
    (v) => /^https?:\/\/[^/]+$/.test(v.replace(/\/$/, '')),
    'must be scheme://host[:port] with no path',
  );

export const PUBLIC_ENVIRONMENTS = ['production', 'testnet', 'test'] as const;
export type PublicEnvironment = (typeof PUBLIC_ENVIRONMENTS)[number];

/** A same-server path ('/help/', never '//host') or an http(s) address. */
const helpCenterBase = z
  .string()
  .refine(
    (v) => (/^\/(?!\/)/.test(v) || /^https?:\/\/[^\s/]+/.test(v)) && !/[\s"'<>]/.test(v),
    'must be a path such as /help/ or an address such as https://help.example.com/',
  );

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: intInRange(0, 65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.string().min(1).optional(),
  DATABASE_MIGRATION_URL: z.string().min(1).optional(),
  DB_CONNECT_TIMEOUT_MS: intInRange(100, 600_000).default(5000),
  DB_STATEMENT_TIMEOUT_MS: intInRange(100, 3_600_000).default(15_000),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DATA_MASTER_KEY: z
    .string()
    .refine((v) => parseMasterKey(v) !== undefined, 'must be the base64 of exactly 32 bytes')
    .optional(),
  DATA_MASTER_KEY_PREVIOUS: z
    .string()
    .refine(
      (v) => splitList(v).every((key) => parseMasterKey(key) !== undefined),
      'must be comma-separated base64 keys of exactly 32 bytes each',
    )
    .optional(),
  DOCUMENT_STORE: z.enum(DOCUMENT_STORES).default('file'),
  COOKIE_SECURE: bool.optional(),
  PUBLIC_ORIGIN: origin.optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  DEMO_DATA: bool.default(false),
  DEMO_STAFF_TOTP: z.enum(['required', 'optional']).default('required'),
  FRAME_ANCESTORS: z
    .string()
    .regex(
      /^('none'|'self'|[a-z]+:\/\/[^\s;,]+)(\s+('self'|[a-z]+:\/\/[^\s;,]+))*$/,
      "must be 'none', 'self' or space-separated origins",
    )
    .default("'none'"),
  SESSION_IDLE_MINUTES: intInRange(1, 24 * 60).default(30),
  SESSION_ABSOLUTE_HOURS: intInRange(1, 24 * 30).default(12),
  RATE_LIMIT_PER_MINUTE: intInRange(0, 1_000_000).default(600),
  SIGN_IN_LIMIT_PER_15_MINUTES: intInRange(1, 1_000_000).default(30),
  SIGN_UP_LIMIT_PER_HOUR: intInRange(1, 1_000_000).default(20),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// address')
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'letters, digits and _ : . - only (at most 64)')
    .default('kyc:'),
  TRUST_PROXY: bool.default(false),
  SITE: z.enum(SITE_CODES).optional(),
  API_ORIGIN: origin.optional(),
  PUBLIC_ENVIRONMENT: z.enum(PUBLIC_ENVIRONMENTS).default('production'),
  HELP_CENTER_BASE_URL: helpCenterBase.default('/help/'),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{32,256}$/, 'must be 32 to 256 printable characters without spaces')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// address')
    .optional(),
  MAIL_FROM: z.string().min(3).max(320).default('KYC <no-reply@localhost>'),
  COMPLIANCE_EMAIL: z.string().email('must be an email address such as compliance@example.com').optional(),
  TRANSFER_COOLING_OFF_HOURS: intInRange(0, 720).default(24),
  TRANSFER_FOUR_EYES_LEVEL: intInRange(1, 3).default(2),
  CASE_CLAIM_MINUTES: intInRange(5, 24 * 60).default(120),
  SCREENING_LISTS: z
    .string()
    .refine(
      (v) => splitList(v).every((item) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(item) || SCREENING_URL.test(item)),
      'must be comma-separated file paths or https:// URLs (http:// only to this machine)',
    )
    .optional(),
  SCREENING_REFRESH_HOURS: intInRange(0, 8760).default(24),
  SCREENING_ALERT_AUTO_ASSIGN: bool.default(false),
  CASE_AUTO_ASSIGN: z.enum(['off', 'round_robin']).default('off'),
  CASE_ASSIGN_ACTIVE_MINUTES: intInRange(1, 1440).default(15),
  CASE_ASSIGN_MAX_OPEN: intInRange(1, 100).default(5),
  SCREENING_THRESHOLD: z
    .string()
    .regex(/^(0(\.\d+)?|1(\.0+)?|\.\d+)$/, 'must be a number from 0 to 1, e.g. 0.85')
    .transform(Number)
    .refine((n) => n > 0 && n <= 1, 'must be above 0 and at most 1')
    .default(DEFAULT_SCREENING_THRESHOLD),
  PASSWORD_HASH_COST: intInRange(MIN_PASSWORD_HASH_COST, MAX_PASSWORD_HASH_COST).default(
    DEFAULT_PASSWORD_HASH_COST,
  ),
  AUTO_DECISION_SITES: z
    .string()
    .refine(
      (v) => v.trim() === 'none' || splitList(v).every((site) => isSiteCode(site)),
      `must be \`none\` or site codes separated by commas (${SITE_CODES.join(', ')})`,
    )
    .optional(),
  AUTO_DECISION_REVIEW_PERCENT: intInRange(0, 100).default(10),
  AUTO_DECISION_LIVENESS: z.enum(['required', 'if_run']).default('if_run'),
  ...providerSchemaShape,
});

export interface Config {
  production: boolean;
  /** NODE_ENV=test: the test-only hooks exist (never in development or production). */
  testing: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  /** The owner role's URL that runs migrations (DATABASE_MIGRATION_URL; else databaseUrl). */
  databaseMigrationUrl: string;
  /** DB_CONNECT_TIMEOUT_MS: waiting for a connection (data/db.ts `connectTimeoutMs`, issue 14). */
  dbConnectTimeoutMs: number;
  /** DB_STATEMENT_TIMEOUT_MS: PostgreSQL statement and idle-in-transaction limit (data/db.ts, issue 14). */
  dbStatementTimeoutMs: number;
  sessionSecret: string;
  /** 32 bytes: the master key that wraps per-user data keys (lib/crypto). */
  dataMasterKey: Buffer;
  /** Retired master keys (DATA_MASTER_KEY_PREVIOUS): they open what they sealed, never seal. */
  dataMasterKeyPrevious: Buffer[];
  /** DOCUMENT_STORE: where encrypted documents live (lib/uploads/blob-store.ts, issue 14). */
  documentStore: DocumentStoreKind;
  cookieSecure: boolean;
  publicOrigin: string;
  logLevel: (typeof LOG_LEVELS)[number];
  demoData: boolean;
  /** DEMO_STAFF_TOTP: whether the seeded demo staff (published secrets) must give a TOTP code. */
  demoStaffTotpRequired: boolean;
  frameAncestors: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  rateLimitPerMinute: number;
  /** Sign-in attempts per address in 15 minutes, and sign-ups per address in an hour. */
  signInLimitPer15Minutes: number;
  signUpLimitPerHour: number;
  /** REDIS_URL: limits and cache invalidation shared through Redis (lib/shared-state, issue 14); undefined = local. */
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  trustProxy: boolean;
  /** spec §1: the site pinned for this deployment; undefined = the page derives it from its host. */
  site: SiteCode | undefined;
  /** spec §7: API origin override; undefined = the API is served by this server (same origin). */
  apiOrigin: string | undefined;
  publicEnvironment: PublicEnvironment;
  helpCenterBaseUrl: string;
  /** log2 of scrypt's N for new password hashes (lib/passwords.ts); below the default only in tests. */
  passwordHashCost: number;
  /** METRICS_TOKEN: the bearer token of GET /metrics (issue 14, D51); undefined = no endpoint. */
  metricsToken: string | undefined;
  /** SMTP_URL: mail over SMTP (D52); undefined = the development mailbox (never in production). */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of every mail. */
  mailFrom: string;
  /** COMPLIANCE_EMAIL: told when a true screening match freezes an account (issue 18). */
  complianceEmail: string;
  /** Identity transfer (issue 15): cooling-off and the four-eyes level. */
  transferCoolingOffMs: number;
  transferFourEyesLevel: number;
  /** CASE_CLAIM_MINUTES: how long a claim on a verification case lasts (issue 17, D120). */
  caseClaimMinutes: number;
  /** The verification providers: default choice, vendors' credentials, reconciliation (providers/settings.ts). */
  providers: ProviderConfig;
  /** Issue 18: the lists to screen against and the threshold of a hit (docs/screening.md). */
  screening: ScreeningConfig;
  /** Issue 17 (D121): automatic round-robin assignment of verification cases. */
  caseAutoAssign: CaseAutoAssignSettings;
  /** Issue 19 (D102–D103): where the in-house provider decides itself, and the share reviewed after. */
  autoDecisions: { sites: SiteCode[]; reviewPercent: number; livenessRequired: boolean };
}

export interface ScreeningConfig {
  /** SCREENING_LISTS: absolute file paths and https URLs; in demo mode the fixtures when unset. */
  lists: string[];
  /** SCREENING_THRESHOLD. */
  threshold: number;
  /** SCREENING_REFRESH_HOURS: 0, no scheduled refresh. */
  refreshHours: number;
  /** SCREENING_ALERT_AUTO_ASSIGN: new alerts given round-robin (off by default). */
  autoAssign: boolean;
}

/** CASE_AUTO_ASSIGN and its two companions (domain/backoffice/work/auto-assignment.ts has the same shape). */
export interface CaseAutoAssignSettings {
  mode: 'off' | 'round_robin';
  activeMs: number;
  maxOpen: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the settings from `env`, listing every problem at once in a ConfigError. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const raw: Record<string, string> = {};
  for (const name of Object.keys(SETTINGS)) {
    const value = env[name];
    if (value !== undefined && value !== '') raw[name] = value;
  }
  const parsed = schema.safeParse(raw);
  const problems: string[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(config)'}: ${issue.message}`);
  if (!parsed.success) throw new ConfigError(problems);

  const s = parsed.data;
  const production = s.NODE_ENV === 'production';
  if (production && !s.SESSION_SECRET)
    problems.push('SESSION_SECRET: required in production (at least 32 characters)');
  if (production && !s.SMTP_URL)
    problems.push('SMTP_URL: required in production (security codes go out by mail; D52)');
  if (production && !s.DATA_MASTER_KEY)
    problems.push('DATA_MASTER_KEY: required in production (base64 of 32 random bytes)');
  if (production && s.SCREENING_LISTS && !s.COMPLIANCE_EMAIL)
    problems.push(
      'COMPLIANCE_EMAIL: required in production with SCREENING_LISTS (a true match is mailed there)',
    );
  // A database other instances can share: secrets generated into this instance's DATA_DIR would differ
  // from theirs (issue 14). Production already requires both, with its own message.
  if (!production && isPostgresUrl(s.DATABASE_URL ?? '')) problems.push(...sharedDatabaseProblems(s));
  if (production && s.DEMO_DATA) problems.push('DEMO_DATA: demo accounts are refused in production');
  if (s.PASSWORD_HASH_COST < DEFAULT_PASSWORD_HASH_COST && s.NODE_ENV !== 'test')
    problems.push(
      `PASSWORD_HASH_COST: below ${DEFAULT_PASSWORD_HASH_COST} only for test runs (NODE_ENV=test)`,
    );
  if (
    s.DATABASE_MIGRATION_URL &&
    !(isPostgresUrl(s.DATABASE_MIGRATION_URL) && isPostgresUrl(s.DATABASE_URL ?? ''))
  )
    problems.push('DATABASE_MIGRATION_URL: only for PostgreSQL, with DATABASE_URL a postgres:// address too');
  problems.push(...providerConfigProblems(s, production));
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(cwd, s.DATA_DIR);
  const givenUrl = s.DATABASE_URL ?? path.join(dataDir, 'kyc.sqlite');
  const databaseUrl =
    isPostgresUrl(givenUrl) || givenUrl === ':memory:' ? givenUrl : path.resolve(cwd, givenUrl);
  return {
    production,
    testing: s.NODE_ENV === 'test',
    port: s.PORT,
    host: s.HOST,
    dataDir,
    databaseUrl,
    databaseMigrationUrl: s.DATABASE_MIGRATION_URL ?? databaseUrl,
    dbConnectTimeoutMs: s.DB_CONNECT_TIMEOUT_MS,
    dbStatementTimeoutMs: s.DB_STATEMENT_TIMEOUT_MS,
    sessionSecret: s.SESSION_SECRET ?? loadOrCreateSecret(dataDir),
    dataMasterKey: (s.DATA_MASTER_KEY && parseMasterKey(s.DATA_MASTER_KEY)) || loadOrCreateMasterKey(dataDir),
    dataMasterKeyPrevious: splitList(s.DATA_MASTER_KEY_PREVIOUS ?? '').flatMap(
      (key) => parseMasterKey(key) ?? [],
    ),
    documentStore: s.DOCUMENT_STORE,
    // An https public origin means Secure cookies (and so __Host- names, http/auth.ts) even outside production.
    cookieSecure: s.COOKIE_SECURE ?? (production || /^https:/i.test(s.PUBLIC_ORIGIN ?? '')),
    publicOrigin: (s.PUBLIC_ORIGIN ?? `http://localhost:${s.PORT}`).replace(/\/$/, ''),
    logLevel: s.LOG_LEVEL,
    demoData: s.DEMO_DATA,
    demoStaffTotpRequired: s.DEMO_STAFF_TOTP === 'required',
    frameAncestors: s.FRAME_ANCESTORS,
    sessionIdleMs: s.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: s.SESSION_ABSOLUTE_HOURS * 3_600_000,
    rateLimitPerMinute: s.RATE_LIMIT_PER_MINUTE,
    signInLimitPer15Minutes: s.SIGN_IN_LIMIT_PER_15_MINUTES,
    signUpLimitPerHour: s.SIGN_UP_LIMIT_PER_HOUR,
    redisUrl: s.REDIS_URL,
    redisKeyPrefix: s.REDIS_KEY_PREFIX,
    trustProxy: s.TRUST_PROXY,
    site: s.SITE,
    apiOrigin: s.API_ORIGIN?.replace(/\/$/, ''),
    publicEnvironment: s.PUBLIC_ENVIRONMENT,
    helpCenterBaseUrl: s.HELP_CENTER_BASE_URL,
    passwordHashCost: s.PASSWORD_HASH_COST,
    metricsToken: s.METRICS_TOKEN,
    smtpUrl: s.SMTP_URL,
    mailFrom: s.MAIL_FROM,
    complianceEmail: s.COMPLIANCE_EMAIL ?? 'compliance@localhost',
    transferCoolingOffMs: s.TRANSFER_COOLING_OFF_HOURS * 3_600_000,
    transferFourEyesLevel: s.TRANSFER_FOUR_EYES_LEVEL,
    caseClaimMinutes: s.CASE_CLAIM_MINUTES,
    providers: providerConfigOf(s),
    screening: {
      lists:
        s.SCREENING_LISTS === undefined
          ? s.DEMO_DATA
            ? DEMO_SCREENING_FIXTURES
            : []
          : splitList(s.SCREENING_LISTS).map((item) =>
              SCREENING_URL.test(item) ? item : path.resolve(cwd, item),
            ),
      threshold: s.SCREENING_THRESHOLD,
      refreshHours: s.SCREENING_REFRESH_HOURS,
      autoAssign: s.SCREENING_ALERT_AUTO_ASSIGN,
    },
    caseAutoAssign: {
      mode: s.CASE_AUTO_ASSIGN,
      activeMs: s.CASE_ASSIGN_ACTIVE_MINUTES * 60_000,
      maxOpen: s.CASE_ASSIGN_MAX_OPEN,
    },
    autoDecisions: {
      sites:
        s.AUTO_DECISION_SITES === undefined
          ? SITE_CODES.filter((site) => !isRegulatedSite(site))
          : s.AUTO_DECISION_SITES.trim() === 'none'
            ? []
            : splitList(s.AUTO_DECISION_SITES).filter(isSiteCode),
      reviewPercent: s.AUTO_DECISION_REVIEW_PERCENT,
      livenessRequired: s.AUTO_DECISION_LIVENESS === 'required',
    },
  };
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/**
 * With a PostgreSQL DATABASE_URL, the secrets that would otherwise be generated into DATA_DIR: each
 * instance would make its own, and two instances with different ones cannot read each other's work.
 */
function sharedDatabaseProblems(s: { SESSION_SECRET?: string; DATA_MASTER_KEY?: string }): string[] {
  const problems: string[] = [];
  const why =
    "DATABASE_URL is PostgreSQL, which several instances can share, and a value generated into this instance's DATA_DIR would differ on each";
  if (!s.SESSION_SECRET)
    problems.push(
      `SESSION_SECRET: set it (at least 32 characters, the same on every instance): ${why}, so one instance could not check the CSRF tokens, questionnaire tokens and partner-link proofs another signed`,
    );
  if (!s.DATA_MASTER_KEY)
    problems.push(
      `DATA_MASTER_KEY: set it (\`openssl rand -base64 32\`, the same on every instance): ${why}, so one instance could not open the documents and personal data another sealed`,
    );
  return problems;
}

/** Outside production a missing SESSION_SECRET is generated once and kept (mode 0600) in DATA_DIR. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** The non-empty items of a comma-separated setting. */
const splitList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** The base64 (or base64url) of exactly 32 bytes, else undefined. */
export function parseMasterKey(value: string): Buffer | undefined {
  const text = value.trim();
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return undefined;
  const key = Buffer.from(text, 'base64');
  return key.length === 32 ? key : undefined;
}

/**
 * Outside production a missing DATA_MASTER_KEY is generated once and kept (mode 0600) in DATA_DIR, like
 * SESSION_SECRET. A file that exists but does not hold a valid key is refused rather than replaced:
 * replacing it would make every stored document unreadable.
 */
function loadOrCreateMasterKey(dataDir: string): Buffer {
  const file = path.join(dataDir, 'master-key');
  if (existsSync(file)) {
    const key = parseMasterKey(readFileSync(file, 'utf8'));
    if (key) return key;
    throw new ConfigError([`DATA_MASTER_KEY: ${file} does not hold the base64 of 32 bytes`]);
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}
