// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { MOBILE_MEDIA_QUERY, useIsMobile } from './use-is-mobile';

const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

/** A viewport of `width` px: matchMedia answers the max-width query like a browser would. */
function viewport(width: number, userAgent: string) {
  const listeners = new Set<() => void>();
  let current = width;
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      const max = /max-width:\s*(\d+)px/.exec(query)?.[1];
      return max !== undefined && current <= Number(max);
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    resize(next: number) {
      current = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

describe('useIsMobile (spec §1: mobile breakpoint 767 px, mobile detected from the user agent)', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('spec §1: the query is max-width 767 px, i.e. mobile below 768 px', () => {
    expect(MOBILE_MEDIA_QUERY).toBe('(max-width: 767px)');
  });

  it('spec §1: true at 767 px, false at 768 px on a desktop browser, and follows resizes', () => {
    const screen = viewport(767, DESKTOP_UA);
    const { result } = renderHook(() => useIsMobile());
    expect(result.current).toBe(true);
    screen.resize(768);
    expect(result.current).toBe(false);
    screen.resize(390);
    expect(result.current).toBe(true);
  });

  it('spec §1: a mobile user agent is mobile at any width', () => {
    viewport(1280, PHONE_UA);
    const { result } = renderHook(() => useIsMobile());
    expect(result.current).toBe(true);
  });
});
