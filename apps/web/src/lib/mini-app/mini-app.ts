import { miniAppSystem, type TelegramWebApp } from '../device/device';

/** spec §2: the mini-program's background colour (black). */
export const MINI_APP_BACKGROUND = '#000000';

export interface MiniAppEnvironment {
  /** What the native back button does: go back in history. */
  onBack: () => void;
  /** Where pagehide / beforeunload are heard (window). */
  win: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** Where visibilitychange is heard, and whether the page is hidden (document). */
  doc: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

/**
 * spec §2 "In a messaging-app mini-program: show a native back button, expand the view, set a black
 * background, back button goes back in history; hide the button on page unload and, on iOS, when the
 * page becomes hidden." On iOS the unload events are not reliably delivered when the web view is left,
 * which is why visibility counts there. When the page is shown again (back from the app switcher or
 * the back-forward cache) the button comes back. Returns the function that undoes the listeners.
 */
export function startMiniApp(app: TelegramWebApp, env: MiniAppEnvironment): () => void {
  const button = app.BackButton;
  app.ready?.();
  app.expand?.();
  app.setBackgroundColor?.(MINI_APP_BACKGROUND);
  button?.onClick(env.onBack);
  button?.show();

  const hide = () => button?.hide();
  const onVisibility = () => {
    if (env.doc.visibilityState === 'hidden') button?.hide();
    else button?.show();
  };
  const onPageShow = (event: Event) => {
    if ((event as PageTransitionEvent).persisted) button?.show();
  };
  const ios = miniAppSystem(app) === 'ios';

  env.win.addEventListener('pagehide', hide);
  env.win.addEventListener('beforeunload', hide);
  env.win.addEventListener('pageshow', onPageShow);
  if (ios) env.doc.addEventListener('visibilitychange', onVisibility);

  return () => {
    env.win.removeEventListener('pagehide', hide);
    env.win.removeEventListener('beforeunload', hide);
    env.win.removeEventListener('pageshow', onPageShow);
    if (ios) env.doc.removeEventListener('visibilitychange', onVisibility);
    button?.offClick?.(env.onBack);
    button?.hide();
  };
}
