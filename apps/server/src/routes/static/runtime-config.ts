import { helpCenterLinks, type HelpCenterArticleKey, type SiteCode } from '@kyc/contracts';
import type { Config, PublicEnvironment } from '../../config.ts';

/**
 * The deployment configuration written into each page of the web SPA as
 * <script type="application/json" id="kyc-config"> (read by apps/web/src/lib/config/runtime-config.ts).
 * A JSON script element is data, not code: the CSP needs no inline-script exception.
 */
export interface PageRuntimeConfig {
  apiOrigin?: string;
  sameOriginApi: boolean;
  environment: PublicEnvironment;
  site?: SiteCode;
  helpCenter: Record<HelpCenterArticleKey, string>;
}

export const RUNTIME_CONFIG_ELEMENT_ID = 'kyc-config';

export function pageRuntimeConfig(config: Config): PageRuntimeConfig {
  const sameOriginApi = !config.apiOrigin || config.apiOrigin === config.publicOrigin;
  return {
    ...(sameOriginApi ? {} : { apiOrigin: config.apiOrigin }),
    sameOriginApi,
    environment: config.publicEnvironment,
    ...(config.site ? { site: config.site } : {}),
    helpCenter: helpCenterLinks(config.helpCenterBaseUrl),
  };
}

/**
 * JSON that is safe inside a <script> element: <, > and & become \u003c, \u003e, \u0026 (so no value
 * can close the element or open a comment), and U+2028 / U+2029 are escaped too. JSON.parse reads the
 * escapes back to the same characters.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const CONFIG_ELEMENT = new RegExp(
  `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">[^<]*</script>`,
);

/**
 * Puts the configuration into a page: into the placeholder element index.html and login.html carry,
 * else before </head>, else at the end.
 */
export function injectRuntimeConfig(html: string, config: PageRuntimeConfig): string {
  const element = `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${scriptSafeJson(config)}</script>`;
  if (CONFIG_ELEMENT.test(html)) return html.replace(CONFIG_ELEMENT, () => element);
  const headEnd = html.search(/<\/head>/i);
  if (headEnd !== -1) return `${html.slice(0, headEnd)}${element}${html.slice(headEnd)}`;
  return `${html}${element}`;
}
