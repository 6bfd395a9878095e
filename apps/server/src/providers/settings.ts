/**
 * The settings of the verification providers (docs/providers.md): which provider verifies people by
 * default, each vendor's credentials and addresses, and the reconciliation of lost webhooks. config.ts
 * spreads these into its settings table and schema, and `providerConfigOf` turns the parsed values into
 * `ProviderConfig`. A vendor is configured when its credentials are set; routing never sends a person
 * to a vendor that is not.
 */
import { z } from 'zod';

export const VENDOR_NAMES = ['sumsub', 'onfido', 'jumio'] as const;
export type VendorName = (typeof VENDOR_NAMES)[number];

/** KYC_DEFAULT_PROVIDER's values: the in-house flow or one of the vendors. */
export const DEFAULT_PROVIDER_CHOICES = ['default', ...VENDOR_NAMES] as const;

export const PROVIDER_SETTINGS = {
  KYC_DEFAULT_PROVIDER: {
    default: 'default',
    doc: "`default` (the in-house flow, reviewed in the back office), `sumsub`, `onfido` or `jumio`: the provider of every country the back office's provider routes do not name (docs/providers.md). A vendor needs its credentials below.",
  },
  SUMSUB_BASE_URL: { default: 'https://api.sumsub.com', doc: "Sumsub's API address." },
  SUMSUB_APP_TOKEN: { default: 'none (Sumsub off)', doc: 'Sumsub app token (X-App-Token).' },
  SUMSUB_SECRET_KEY: { default: 'none', doc: 'Sumsub secret key: signs every call (X-App-Access-Sig).' },
  SUMSUB_WEBHOOK_SECRET: {
    default: 'none',
    doc: 'Secret of the Sumsub webhooks: their X-Payload-Digest is checked against it at `POST /webhooks/sumsub`.',
  },
  SUMSUB_LEVEL1_NAME: { default: 'Level1_web', doc: 'Sumsub level name of KYC level 1.' },
  SUMSUB_LEVEL2_NAME: { default: 'Level2_web', doc: 'Sumsub level name of KYC level 2.' },
  SUMSUB_WEB_SDK_URL: {
    default: 'https://static.sumsub.com/idensic/static/sns-websdk-builder.js',
    doc: "Address of Sumsub's web SDK script; its origin is added to the pages' CSP.",
  },
  ONFIDO_BASE_URL: {
    default: 'https://api.eu.onfido.com/v3.6',
    doc: "Onfido's API address (region and version).",
  },
  ONFIDO_API_TOKEN: { default: 'none (Onfido off)', doc: 'Onfido API token.' },
  ONFIDO_WEBHOOK_TOKEN: {
    default: 'none',
    doc: 'Token of the Onfido webhook: X-SHA2-Signature is checked against it at `POST /webhooks/onfido`.',
  },
  ONFIDO_WORKFLOW_ID_LEVEL1: { default: 'none', doc: 'Onfido Studio workflow id of KYC level 1.' },
  ONFIDO_WORKFLOW_ID_LEVEL2: { default: 'none', doc: 'Onfido Studio workflow id of KYC level 2.' },
  ONFIDO_WEB_SDK_URL: {
    default: 'https://sdk.onfido.com/v14',
    doc: "Address of Onfido's web SDK script; its origin is added to the pages' CSP.",
  },
  JUMIO_CLIENT_ID: { default: 'none (Jumio off)', doc: 'Jumio OAuth2 client id.' },
  JUMIO_CLIENT_SECRET: { default: 'none', doc: 'Jumio OAuth2 client secret.' },
  JUMIO_AUTH_URL: {
    default: 'https://auth.emea-1.jumio.ai/oauth2/token',
    doc: "Jumio's OAuth2 token address (client credentials).",
  },
  JUMIO_BASE_URL: {
    default: 'https://account.emea-1.jumio.ai',
    doc: "Jumio's account API address (accounts and workflow executions).",
  },
  JUMIO_RETRIEVAL_URL: {
    default: 'https://retrieval.emea-1.jumio.ai',
    doc: "Jumio's retrieval API address: the outcome of a workflow is always read from here.",
  },
  JUMIO_WORKFLOW_KEY_LEVEL1: { default: '10013', doc: 'Jumio workflow definition key of KYC level 1.' },
  JUMIO_WORKFLOW_KEY_LEVEL2: { default: '10013', doc: 'Jumio workflow definition key of KYC level 2.' },
  JUMIO_CALLBACK_ALLOWED_IPS: {
    default: 'none (every callback refused)',
    doc: 'Comma-separated addresses or CIDR ranges Jumio callbacks may come from (`POST /webhooks/jumio`).',
  },
  VENDOR_RECONCILE_MINUTES: {
    default: '30',
    doc: 'A vendor verification pending this long is asked of the vendor again, so a lost webhook delays a decision, never loses it.',
  },
  VENDOR_HTTP_TIMEOUT_MS: {
    default: '10000',
    doc: 'Timeout of each call to a vendor; 5xx and 429 answers are retried with backoff within it.',
  },
  JOB_INTERVAL_SECONDS: {
    default: '60',
    doc: 'How often each instance runs the jobs: vendor reconciliation and the deliveries of webhooks to partners (each delivery is claimed by one instance).',
  },
  VENDOR_SIMULATOR: {
    default: 'false (`npm start` sets true)',
    doc: 'Mount the vendor simulator at /simulator/… (Sumsub, Onfido, Jumio; docs/providers.md). Refused in production.',
  },
} as const;

const optionalText = z.string().min(1).optional();
const url = z.string().url('must be an http(s) address');
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be between ${min} and ${max}`);
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const providerSchemaShape = {
  KYC_DEFAULT_PROVIDER: z.enum(DEFAULT_PROVIDER_CHOICES).default('default'),
  SUMSUB_BASE_URL: url.default('https://api.sumsub.com'),
  SUMSUB_APP_TOKEN: optionalText,
  SUMSUB_SECRET_KEY: optionalText,
  SUMSUB_WEBHOOK_SECRET: optionalText,
  SUMSUB_LEVEL1_NAME: z.string().min(1).default('Level1_web'),
  SUMSUB_LEVEL2_NAME: z.string().min(1).default('Level2_web'),
  SUMSUB_WEB_SDK_URL: url.default('https://static.sumsub.com/idensic/static/sns-websdk-builder.js'),
  ONFIDO_BASE_URL: url.default('https://api.eu.onfido.com/v3.6'),
  ONFIDO_API_TOKEN: optionalText,
  ONFIDO_WEBHOOK_TOKEN: optionalText,
  ONFIDO_WORKFLOW_ID_LEVEL1: optionalText,
  ONFIDO_WORKFLOW_ID_LEVEL2: optionalText,
  ONFIDO_WEB_SDK_URL: url.default('https://sdk.onfido.com/v14'),
  JUMIO_CLIENT_ID: optionalText,
  JUMIO_CLIENT_SECRET: optionalText,
  JUMIO_AUTH_URL: url.default('https://auth.emea-1.jumio.ai/oauth2/token'),
  JUMIO_BASE_URL: url.default('https://account.emea-1.jumio.ai'),
  JUMIO_RETRIEVAL_URL: url.default('https://retrieval.emea-1.jumio.ai'),
  JUMIO_WORKFLOW_KEY_LEVEL1: z.string().min(1).default('10013'),
  JUMIO_WORKFLOW_KEY_LEVEL2: z.string().min(1).default('10013'),
  JUMIO_CALLBACK_ALLOWED_IPS: optionalText,
  VENDOR_RECONCILE_MINUTES: wholeNumber(1, 7 * 24 * 60).default(30),
  VENDOR_HTTP_TIMEOUT_MS: wholeNumber(500, 120_000).default(10_000),
  JOB_INTERVAL_SECONDS: wholeNumber(1, 3600).default(60),
  VENDOR_SIMULATOR: flag.default(false),
};

/** The parsed provider settings (config.ts parses them with the rest). */
export const providerSchema = z.object(providerSchemaShape);
type Parsed = z.output<typeof providerSchema>;

export interface SumsubConfig {
  baseUrl: string;
  appToken: string;
  secretKey: string;
  webhookSecret: string;
  levelNames: { 1: string; 2: string };
  webSdkUrl: string;
}
export interface OnfidoConfig {
  baseUrl: string;
  apiToken: string;
  webhookToken: string;
  workflowIds: { 1: string; 2: string };
  webSdkUrl: string;
}
export interface JumioConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  baseUrl: string;
  retrievalUrl: string;
  workflowKeys: { 1: string; 2: string };
  /** Addresses or CIDR ranges callbacks may come from; empty refuses every callback. */
  callbackAllowedIps: string[];
}

export interface ProviderConfig {
  defaultProvider: (typeof DEFAULT_PROVIDER_CHOICES)[number];
  /** A vendor's settings, present only when its credentials are all set. */
  sumsub: SumsubConfig | undefined;
  onfido: OnfidoConfig | undefined;
  jumio: JumioConfig | undefined;
  reconcileAfterMs: number;
  httpTimeoutMs: number;
  /** Mount the vendor simulator at /simulator/ (demo and tests; never production). */
  simulator: boolean;
  /** How often server.ts runs the jobs (JOB_INTERVAL_SECONDS). */
  jobIntervalMs: number;
}

/** The problems of a parsed configuration (a vendor half configured, a default without credentials). */
export function providerConfigProblems(s: Parsed, production: boolean): string[] {
  const problems: string[] = [];
  const groups: Record<VendorName, (keyof Parsed)[]> = {
    sumsub: ['SUMSUB_APP_TOKEN', 'SUMSUB_SECRET_KEY', 'SUMSUB_WEBHOOK_SECRET'],
    onfido: [
      'ONFIDO_API_TOKEN',
      'ONFIDO_WEBHOOK_TOKEN',
      'ONFIDO_WORKFLOW_ID_LEVEL1',
      'ONFIDO_WORKFLOW_ID_LEVEL2',
    ],
    jumio: ['JUMIO_CLIENT_ID', 'JUMIO_CLIENT_SECRET'],
  };
  for (const [vendor, names] of Object.entries(groups)) {
    const set = names.filter((n) => s[n] !== undefined);
    if (set.length > 0 && set.length < names.length)
      problems.push(
        `${names.filter((n) => s[n] === undefined).join(', ')}: needed as well to turn ${vendor} on`,
      );
    if (s.KYC_DEFAULT_PROVIDER === vendor && set.length < names.length)
      problems.push(`KYC_DEFAULT_PROVIDER: ${vendor} needs ${names.join(', ')}`);
  }
  if (production && s.VENDOR_SIMULATOR)
    problems.push('VENDOR_SIMULATOR: the simulator is refused in production');
  return problems;
}

const trimSlash = (v: string) => v.replace(/\/+$/, '');

export function providerConfigOf(s: Parsed): ProviderConfig {
  const sumsub =
    s.SUMSUB_APP_TOKEN && s.SUMSUB_SECRET_KEY && s.SUMSUB_WEBHOOK_SECRET
      ? {
          baseUrl: trimSlash(s.SUMSUB_BASE_URL),
          appToken: s.SUMSUB_APP_TOKEN,
          secretKey: s.SUMSUB_SECRET_KEY,
          webhookSecret: s.SUMSUB_WEBHOOK_SECRET,
          levelNames: { 1: s.SUMSUB_LEVEL1_NAME, 2: s.SUMSUB_LEVEL2_NAME },
          webSdkUrl: s.SUMSUB_WEB_SDK_URL,
        }
      : undefined;
  const onfido =
    s.ONFIDO_API_TOKEN && s.ONFIDO_WEBHOOK_TOKEN && s.ONFIDO_WORKFLOW_ID_LEVEL1 && s.ONFIDO_WORKFLOW_ID_LEVEL2
      ? {
          baseUrl: trimSlash(s.ONFIDO_BASE_URL),
          apiToken: s.ONFIDO_API_TOKEN,
          webhookToken: s.ONFIDO_WEBHOOK_TOKEN,
          workflowIds: { 1: s.ONFIDO_WORKFLOW_ID_LEVEL1, 2: s.ONFIDO_WORKFLOW_ID_LEVEL2 },
          webSdkUrl: s.ONFIDO_WEB_SDK_URL,
        }
      : undefined;
  const jumio =
    s.JUMIO_CLIENT_ID && s.JUMIO_CLIENT_SECRET
      ? {
          clientId: s.JUMIO_CLIENT_ID,
          clientSecret: s.JUMIO_CLIENT_SECRET,
          authUrl: s.JUMIO_AUTH_URL,
          baseUrl: trimSlash(s.JUMIO_BASE_URL),
          retrievalUrl: trimSlash(s.JUMIO_RETRIEVAL_URL),
          workflowKeys: { 1: s.JUMIO_WORKFLOW_KEY_LEVEL1, 2: s.JUMIO_WORKFLOW_KEY_LEVEL2 },
          callbackAllowedIps: (s.JUMIO_CALLBACK_ALLOWED_IPS ?? '')
            .split(',')
            .map((v) => v.trim())
            .filter((v) => v !== ''),
        }
      : undefined;
  return {
    defaultProvider: s.KYC_DEFAULT_PROVIDER,
    sumsub,
    onfido,
    jumio,
    reconcileAfterMs: s.VENDOR_RECONCILE_MINUTES * 60_000,
    httpTimeoutMs: s.VENDOR_HTTP_TIMEOUT_MS,
    simulator: s.VENDOR_SIMULATOR,
    jobIntervalMs: s.JOB_INTERVAL_SECONDS * 1000,
  };
}

/** The origins a page must allow to load and frame the configured vendors' web SDKs (CSP). */
export function vendorOrigins(config: ProviderConfig): string[] {
  const urls = [
    config.sumsub && [config.sumsub.webSdkUrl, config.sumsub.baseUrl],
    config.onfido && [config.onfido.webSdkUrl, config.onfido.baseUrl],
    config.jumio && [config.jumio.baseUrl],
  ]
    .flat()
    .filter((u): u is string => typeof u === 'string');
  return [...new Set(urls.map((u) => new URL(u).origin))];
}
