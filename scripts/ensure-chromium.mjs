// End-to-end tests drive Debian's Chromium through playwright-core; no browser is downloaded. They launch
// Debian's headless shell (package chromium-headless-shell: the same Chromium build without the browser's
// own windowing layer, what Playwright itself runs for headless tests) and fall back to the full browser
// (/usr/bin/chromium) where the shell is not installed. When a package is missing: install it with apt-get
// when running as root, else use what is there or stop with a clear message.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const CHROMIUM = '/usr/bin/chromium';
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The executable the e2e tests launch: CHROMIUM_PATH when set, else the headless shell, else Chromium. */
export function e2eBrowserPath(env = process.env) {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM;
}

/**
 * Makes sure the browsers (and the fonts the screens and the OCR tests draw with) are installed. Chromium
 * itself is kept: the Lighthouse bench and a person looking at the screens use the full browser.
 */
export function ensureChromium(log = console.log) {
  const custom = process.env.CHROMIUM_PATH;
  if (custom) {
    if (!existsSync(custom)) throw new Error(`CHROMIUM_PATH is set to ${custom}, which does not exist`);
    return custom;
  }
  const missing = [
    ...(existsSync(CHROMIUM) ? [] : ['chromium', 'fonts-noto-core', 'fonts-noto-cjk', 'fonts-dejavu-core']),
    ...(existsSync(HEADLESS_SHELL) ? [] : ['chromium-headless-shell']),
  ];
  if (missing.length === 0) return HEADLESS_SHELL;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root) {
    if (existsSync(CHROMIUM)) {
      log(
        `e2e: ${HEADLESS_SHELL} is missing (apt-get install chromium-headless-shell): using ${CHROMIUM}, slower`,
      );
      return CHROMIUM;
    }
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}. Install Debian's packages as root: apt-get update && apt-get install -y chromium chromium-headless-shell (or set CHROMIUM_PATH).`,
    );
  }
  log(`e2e: installing Debian's ${missing.join(', ')} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', ...missing],
  ]) {
    const run = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (run.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${run.status})`);
  }
  for (const file of [CHROMIUM, HEADLESS_SHELL])
    if (!existsSync(file)) throw new Error(`apt-get finished but ${file} is still missing`);
  return HEADLESS_SHELL;
}
