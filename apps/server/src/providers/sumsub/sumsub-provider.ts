/**
 * Sumsub adapter (docs/providers.md "Sumsub"). Placeholder of the foundation commit: the adapter itself is
 * built in its own slice; until then a configured Sumsub refuses to start a verification.
 */
import type { VerificationProvider } from '../provider.ts';
import { VendorUnavailable, WebhookRejected } from '../provider.ts';
import type { SumsubConfig } from '../settings.ts';
import type { VendorHttp } from '../vendor-http.ts';

export function createSumsubProvider(
  config: SumsubConfig,
  _http: VendorHttp,
  _now: () => number,
): VerificationProvider {
  const levelName = (level: 1 | 2) => String(level === 1 ? 'sumsub-level-1' : 'sumsub-level-2');
  void config;
  return {
    name: 'sumsub',
    apiUrl: '',
    flowNameOf: levelName,
    async start() {
      throw new VendorUnavailable('sumsub', 'adapter not built yet');
    },
    parseWebhook() {
      throw new WebhookRejected('adapter not built yet');
    },
    async fetchResult() {
      throw new VendorUnavailable('sumsub', 'adapter not built yet');
    },
  };
}
