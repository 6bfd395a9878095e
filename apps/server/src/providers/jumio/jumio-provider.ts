/**
 * Jumio adapter (docs/providers.md "Jumio"). Placeholder of the foundation commit: the adapter itself is
 * built in its own slice; until then a configured Jumio refuses to start a verification.
 */
import type { VerificationProvider } from '../provider.ts';
import { VendorUnavailable, WebhookRejected } from '../provider.ts';
import type { JumioConfig } from '../settings.ts';
import type { VendorHttp } from '../vendor-http.ts';

export function createJumioProvider(
  config: JumioConfig,
  _http: VendorHttp,
  _now: () => number,
): VerificationProvider {
  const levelName = (level: 1 | 2) => String(level === 1 ? 'jumio-level-1' : 'jumio-level-2');
  void config;
  return {
    name: 'jumio',
    apiUrl: '',
    flowNameOf: levelName,
    async start() {
      throw new VendorUnavailable('jumio', 'adapter not built yet');
    },
    parseWebhook() {
      throw new WebhookRejected('adapter not built yet');
    },
    async fetchResult() {
      throw new VendorUnavailable('jumio', 'adapter not built yet');
    },
  };
}
