/**
 * Onfido adapter (docs/providers.md "Onfido"). Placeholder of the foundation commit: the adapter itself is
 * built in its own slice; until then a configured Onfido refuses to start a verification.
 */
import type { VerificationProvider } from '../provider.ts';
import { VendorUnavailable, WebhookRejected } from '../provider.ts';
import type { OnfidoConfig } from '../settings.ts';
import type { VendorHttp } from '../vendor-http.ts';

export function createOnfidoProvider(
  config: OnfidoConfig,
  _http: VendorHttp,
  _now: () => number,
): VerificationProvider {
  const levelName = (level: 1 | 2) => String(level === 1 ? 'onfido-level-1' : 'onfido-level-2');
  void config;
  return {
    name: 'onfido',
    apiUrl: '',
    flowNameOf: levelName,
    async start() {
      throw new VendorUnavailable('onfido', 'adapter not built yet');
    },
    parseWebhook() {
      throw new WebhookRejected('adapter not built yet');
    },
    async fetchResult() {
      throw new VendorUnavailable('onfido', 'adapter not built yet');
    },
  };
}
