import { useEffect, useRef } from 'react';
import { useNavigate } from '../router';
import { telegramWebApp } from '../device/device';

/**
 * The app shell's hook for the messaging-app mini-program (spec §2): when window.Telegram.WebApp is
 * there, the native back button goes back in the SPA's history (navigate(-1)); elsewhere it does
 * nothing, and the mini-app code (a chunk of its own) is never loaded. Set up once: navigate() changes
 * with every location, the button must not flicker.
 */
export function useMiniApp(): void {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  useEffect(() => {
    const app = telegramWebApp();
    if (!app) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./mini-app').then(({ startMiniApp }) => {
      if (cancelled) return;
      stop = startMiniApp(app, { onBack: () => void navigateRef.current(-1), win: window, doc: document });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
}
