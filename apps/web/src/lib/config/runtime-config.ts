/**
 * Deployment configuration the server writes into each HTML page as a JSON script element
 * (<script type="application/json" id="kyc-config">, so CSP needs no inline-script exception).
 * Read once; every field is optional and has a documented default where it is used.
 */
export interface RuntimeConfig {
  /** spec §7: an API host override (origin, e.g. https://api2.example.com); absent = derive / same origin. */
  apiOrigin?: string;
  /** true when the API is served by the same server as the page (our deployment): calls stay relative. */
  sameOriginApi?: boolean;
  /** Environment name: 'production', 'testnet' or 'test' (translation file prefixes, api host names). */
  environment?: string;
  /** spec §1: a site pinned for this deployment (testing on localhost), else derived from the host. */
  site?: string;
  /** spec §2: help-center article links (identity transfer, web form issue report, detail, FAQ, guide, failure reasons). */
  helpCenter?: Partial<Record<HelpCenterArticle, string>>;
}

export type HelpCenterArticle =
  'identityTransfer' | 'webFormIssueReport' | 'detail' | 'faq' | 'guide' | 'commonFailureReasons';

export const RUNTIME_CONFIG_ELEMENT_ID = 'kyc-config';

let cached: RuntimeConfig | undefined;

export function parseRuntimeConfig(text: string | null | undefined): RuntimeConfig {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as RuntimeConfig)
      : {};
  } catch {
    return {};
  }
}

export function runtimeConfig(): RuntimeConfig {
  if (cached) return cached;
  const element = typeof document === 'undefined' ? null : document.getElementById(RUNTIME_CONFIG_ELEMENT_ID);
  cached = parseRuntimeConfig(element?.textContent);
  return cached;
}

/** Tests only: forget the cached configuration. */
export function resetRuntimeConfigForTests(config?: RuntimeConfig): void {
  cached = config;
}
