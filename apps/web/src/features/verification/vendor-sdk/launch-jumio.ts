/**
 * Jumio has no script to load: its web client is a page (vendorSdk.flowUrl) shown in an iframe that may
 * use the camera. The page tells its parent how it went with postMessage (Jumio: a JSON string whose
 * payload.value is success or error; the demo's simulator: { event: 'submitted' }); only messages from
 * that iframe and the flow's origin count.
 */
import type { VendorHandlers, VendorLaunch, VendorSession } from './launch-types';

/** The flow's address with the page language as Jumio's `locale` unless the server set one. */
export function jumioFrameUrl(flowUrl: string, lang: string): string {
  const url = new URL(flowUrl, window.location.href);
  if (!url.searchParams.has('locale')) url.searchParams.set('locale', lang);
  return url.toString();
}

type JumioSignal = 'submitted' | 'error' | null;

/** What a message of the flow's page means. */
export function jumioSignal(data: unknown): JumioSignal {
  let message: unknown = data;
  if (typeof data === 'string') {
    try {
      message = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (!message || typeof message !== 'object') return null;
  const { event, payload } = message as { event?: unknown; payload?: { value?: unknown } };
  if (event === 'submitted' || payload?.value === 'success') return 'submitted';
  if (payload?.value === 'error') return 'error';
  return null;
}

export function launchJumio(
  session: VendorSession,
  container: HTMLElement,
  handlers: VendorHandlers,
): VendorLaunch {
  const src = jumioFrameUrl(session.flowUrl, handlers.lang);
  const frame = document.createElement('iframe');
  frame.src = src;
  frame.title = handlers.frameTitle;
  frame.setAttribute('allow', 'camera; fullscreen');
  frame.className = 'vendor-sdk__frame';
  const origin = new URL(src).origin;
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    const signal = jumioSignal(event.data);
    if (signal === 'submitted') handlers.onSubmitted();
    else if (signal === 'error') handlers.onError('failed');
  };
  window.addEventListener('message', onMessage);
  container.replaceChildren(frame);
  return {
    destroy: () => {
      window.removeEventListener('message', onMessage);
      container.replaceChildren();
    },
  };
}
