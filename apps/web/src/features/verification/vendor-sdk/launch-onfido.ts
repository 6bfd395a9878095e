/**
 * Onfido's Web SDK (window.Onfido, loaded from vendorSdk.sdkUrl) in Studio mode: the workflow run the
 * server opened for this attempt arrives as vendorSdk.flowName. An expired token is reported through
 * onError; the screen then fetches a fresh session and launches again.
 */
import { isExpiredError, type VendorHandlers, type VendorLaunch, type VendorSession } from './launch-types';

interface OnfidoOptions {
  token: string;
  containerId: string;
  workflowRunId: string;
  language: string;
  onComplete: (data?: unknown) => void;
  onError: (error?: unknown) => void;
}

declare global {
  interface Window {
    Onfido?: { init: (options: OnfidoOptions) => { tearDown: () => void } };
  }
}

/** Onfido's locale tags use an underscore and a region (de_DE); English is en_US. */
export function onfidoLanguage(lang: string): string {
  if (!lang.includes('-')) return lang === 'en' ? 'en_US' : lang;
  return lang.replace('-', '_');
}

export function launchOnfido(
  session: VendorSession,
  container: HTMLElement,
  handlers: VendorHandlers,
): VendorLaunch {
  const onfido = window.Onfido;
  if (!onfido) throw new Error('Onfido is not loaded');
  const handle = onfido.init({
    token: session.token,
    containerId: container.id,
    workflowRunId: session.flowName,
    language: onfidoLanguage(handlers.lang),
    onComplete: () => handlers.onSubmitted(),
    onError: (error) => handlers.onError(isExpiredError(error) ? 'expired' : 'failed'),
  });
  return {
    destroy: () => {
      handle.tearDown();
      container.replaceChildren();
    },
  };
}
