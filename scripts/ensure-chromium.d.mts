/** Debian's browsers for the e2e tests (ensure-chromium.mjs). */
export const CHROMIUM: string;
export const HEADLESS_SHELL: string;
export function e2eBrowserPath(env?: Record<string, string | undefined>): string;
export function ensureChromium(log?: (message: string) => void): string;
