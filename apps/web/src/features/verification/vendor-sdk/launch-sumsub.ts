/**
 * Sumsub's WebSDK (window.snsWebSdk, loaded from vendorSdk.sdkUrl): the builder of their published
 * browser API. Sumsub asks for a new token itself through the expiration handler; we answer it with a
 * fresh get-verification-sdk-info.
 */
import { isExpiredError, type VendorHandlers, type VendorLaunch, type VendorSession } from './launch-types';

interface SumsubBuilder {
  withConf: (conf: { lang: string }) => SumsubBuilder;
  withOptions: (options: Record<string, unknown>) => SumsubBuilder;
  on: (event: string, handler: (payload?: unknown) => void) => SumsubBuilder;
  build: () => { launch: (container: string | HTMLElement) => void; destroy?: () => void };
}

declare global {
  interface Window {
    snsWebSdk?: { init: (token: string, expirationHandler: () => Promise<string>) => SumsubBuilder };
  }
}

/** Sumsub's language codes are the language alone (de, ar), with zh-tw for traditional Chinese. */
export function sumsubLanguage(lang: string): string {
  if (lang === 'zh-TW' || lang === 'zh-HK') return 'zh-tw';
  return (lang.split('-')[0] ?? 'en').toLowerCase();
}

export function launchSumsub(
  session: VendorSession,
  container: HTMLElement,
  handlers: VendorHandlers,
): VendorLaunch {
  const sdk = window.snsWebSdk;
  if (!sdk) throw new Error('snsWebSdk is not loaded');
  const instance = sdk
    .init(session.token, () => handlers.refreshToken())
    .withConf({ lang: sumsubLanguage(handlers.lang) })
    .withOptions({})
    .on('idCheck.onApplicantSubmitted', () => handlers.onSubmitted())
    .on('idCheck.onError', (error) => handlers.onError(isExpiredError(error) ? 'expired' : 'failed'))
    .build();
  instance.launch(container.id ? `#${container.id}` : container);
  return {
    destroy: () => {
      instance.destroy?.();
      container.replaceChildren();
    },
  };
}
