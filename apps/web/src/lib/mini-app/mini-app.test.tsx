// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useNavigate, useRoutes, type RouteObject } from '../router';
import type { TelegramWebApp } from '../device/device';
import { MINI_APP_BACKGROUND, startMiniApp } from './mini-app';
import { useMiniApp } from './use-mini-app';

function fakeWebApp(platform: string) {
  let backHandler: (() => void) | undefined;
  const app = {
    platform,
    ready: vi.fn(),
    expand: vi.fn(),
    setBackgroundColor: vi.fn(),
    BackButton: {
      show: vi.fn(),
      hide: vi.fn(),
      onClick: vi.fn((cb: () => void) => {
        backHandler = cb;
      }),
      offClick: vi.fn(),
    },
  } satisfies TelegramWebApp;
  return { app, pressBack: () => backHandler?.() };
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

const env = (onBack = vi.fn()) => ({ onBack, win: window, doc: document });

describe('messaging-app mini-program (spec §2)', () => {
  afterEach(() => {
    cleanup();
    delete window.Telegram;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });

  it('spec §2: the native back button is shown, the view expanded and the background set to black', () => {
    const { app } = fakeWebApp('android');
    const stop = startMiniApp(app, env());
    expect(app.BackButton.show).toHaveBeenCalledTimes(1);
    expect(app.expand).toHaveBeenCalledTimes(1);
    expect(app.setBackgroundColor).toHaveBeenCalledWith('#000000');
    expect(MINI_APP_BACKGROUND).toBe('#000000');
    stop();
  });

  it('spec §2: the back button goes back in history', () => {
    const { app, pressBack } = fakeWebApp('tdesktop');
    const onBack = vi.fn();
    const stop = startMiniApp(app, env(onBack));
    pressBack();
    expect(onBack).toHaveBeenCalledTimes(1);
    stop();
  });

  it.each(['pagehide', 'beforeunload'])('spec §2: the back button is hidden on page unload (%s)', (event) => {
    const { app } = fakeWebApp('android');
    const stop = startMiniApp(app, env());
    window.dispatchEvent(new Event(event));
    expect(app.BackButton.hide).toHaveBeenCalledTimes(1);
    stop();
  });

  it('spec §2: on iOS the back button is hidden when the page becomes hidden, and shown again when visible', () => {
    const { app } = fakeWebApp('ios');
    const stop = startMiniApp(app, env());
    setVisibility('hidden');
    expect(app.BackButton.hide).toHaveBeenCalledTimes(1);
    setVisibility('visible');
    expect(app.BackButton.show).toHaveBeenCalledTimes(2);
    stop();
  });

  it('spec §2: elsewhere than iOS, the page becoming hidden leaves the button alone', () => {
    const { app } = fakeWebApp('android');
    const stop = startMiniApp(app, env());
    setVisibility('hidden');
    expect(app.BackButton.hide).not.toHaveBeenCalled();
    stop();
  });

  it('when stopped, the listeners are removed', () => {
    const { app } = fakeWebApp('ios');
    startMiniApp(app, env())();
    app.BackButton.hide.mockClear();
    window.dispatchEvent(new Event('pagehide'));
    setVisibility('hidden');
    expect(app.BackButton.hide).not.toHaveBeenCalled();
  });

  it('spec §2: in the app shell, pressing the native back button navigates back (navigate(-1))', async () => {
    const { app, pressBack } = fakeWebApp('ios');
    window.Telegram = { WebApp: app };
    let path = '';
    function Probe({ name }: { name: string }) {
      useMiniApp();
      const navigate = useNavigate();
      useEffect(() => {
        path = name;
      });
      return (
        <button type="button" onClick={() => void navigate('/second')}>
          {name}
        </button>
      );
    }
    const routes: RouteObject[] = [
      { path: '/first', element: <Probe name="first" /> },
      { path: '/second', element: <Probe name="second" /> },
    ];
    function Screens() {
      return useRoutes(routes);
    }
    const view = render(
      <MemoryRouter initialEntries={['/first']}>
        <Screens />
      </MemoryRouter>,
    );
    view.getByRole('button', { name: 'first' }).click();
    await vi.waitFor(() => expect(path).toBe('second'));
    pressBack();
    await vi.waitFor(() => expect(path).toBe('first'));
    expect(app.expand).toHaveBeenCalled();
  });

  it('spec §2: outside the mini-program (no Telegram.WebApp, or platform unknown) nothing is touched', () => {
    const { app } = fakeWebApp('unknown');
    window.Telegram = { WebApp: app };
    function Probe() {
      useMiniApp();
      return null;
    }
    render(
      <MemoryRouter>
        <Probe />
      </MemoryRouter>,
    );
    expect(app.BackButton.show).not.toHaveBeenCalled();
    expect(app.expand).not.toHaveBeenCalled();
  });
});
