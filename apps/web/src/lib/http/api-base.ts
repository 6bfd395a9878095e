import { runtimeConfig, type RuntimeConfig } from '../config/runtime-config';

export type ApiBaseConfig = Pick<RuntimeConfig, 'apiOrigin' | 'sameOriginApi' | 'environment'>;

/** Environment names that mean production: the API host carries no environment suffix. */
const PRODUCTION = new Set(['', 'production', 'prod', 'mainnet']);
/** Second-level labels under a two-letter country domain that belong to the suffix (bybit.com.hk). */
const COUNTRY_SECOND_LEVEL = new Set(['com', 'co', 'net', 'org', 'gov', 'edu', 'ac']);

function isIpAddress(hostname: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':') || hostname.startsWith('[');
}

/**
 * spec §7 "API host derived from the page hostname or a configured override (api2 subdomain with
 * environment name, testnet variant)". The API origin for a page host; '' means "same origin" (paths
 * stay relative). The rule, in order:
 *
 * 1. `apiOrigin` configured → that origin (trailing slashes removed).
 * 2. `sameOriginApi` not explicitly `false` → '' : our own server serves the page and the API, which
 *    is the default when nothing is configured.
 * 3. Hosts without a domain to derive from (localhost, single labels, IP addresses) → ''.
 * 4. Otherwise `https://api2{-env}.{domain}`:
 *    - `domain` is the registrable domain: the last two labels, or the last three when the host ends
 *      in a two-letter country code under com/co/net/org/gov/edu/ac (`www.bybit.com.hk` → `bybit.com.hk`);
 *    - `env` is `environment` unless it names production (production/prod/mainnet); with no
 *      environment configured, a host label `testnet` selects the testnet variant.
 *
 * Examples: `accounts.example.com` → `https://api2.example.com`; `accounts.testnet.example.com`
 * (environment testnet, or none) → `https://api2-testnet.example.com`; `www.example.com.hk` →
 * `https://api2.example.com.hk`.
 */
export function apiBaseFor(hostname: string, config: ApiBaseConfig): string {
  const override = config.apiOrigin?.trim();
  if (override) return override.replace(/\/+$/, '');
  if (config.sameOriginApi !== false) return '';

  const host = hostname.toLowerCase().replace(/\.$/, '');
  const labels = host.split('.').filter(Boolean);
  if (labels.length < 2 || isIpAddress(host)) return '';

  const tld = labels[labels.length - 1] ?? '';
  const second = labels[labels.length - 2] ?? '';
  const size = labels.length >= 3 && tld.length === 2 && COUNTRY_SECOND_LEVEL.has(second) ? 3 : 2;
  const domain = labels.slice(-size).join('.');

  const environment = (config.environment ?? (labels.includes('testnet') ? 'testnet' : ''))
    .trim()
    .toLowerCase();
  const suffix = PRODUCTION.has(environment) ? '' : `-${environment}`;
  return `https://api2${suffix}.${domain}`;
}

/** The API base for the current page (runtime configuration and location). */
export function currentApiBase(): string {
  const hostname = typeof location === 'undefined' ? '' : location.hostname;
  return apiBaseFor(hostname, runtimeConfig());
}

/** A path on the API host; absolute URLs (a vendor's apiUrl, spec §3) are used as they are. */
export function apiUrl(path: string, base: string = currentApiBase()): string {
  return /^https?:\/\//i.test(path) ? path : `${base}${path}`;
}
