/**
 * Debian's Chromium through playwright-core: its headless shell where installed, else the full browser
 * (scripts/ensure-chromium.mjs, D114). Emirates host names (kyc.example.ae) are mapped to the
 * loopback server, so that the .ae region and its right-to-left ar-SA language can be exercised.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM as FULL_CHROMIUM, e2eBrowserPath } from '../../scripts/ensure-chromium.mjs';

export const CHROMIUM = e2eBrowserPath();
export const EMIRATES_HOST = 'kyc.example.ae';
export const DEMO_PASSWORD = 'Demo-Pass-2026';
export const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');

/** This worker's index among the run's servers: VITEST_POOL_ID is 1…maxWorkers. */
const workerIndex = () => Number(process.env.VITEST_POOL_ID ?? '1') - 1;

/**
 * The port of this worker's own server (support/global-setup.ts starts one per worker): no two files run
 * in one worker at once.
 */
export function serverPort(): number {
  const ports = inject('ports');
  const port = ports[workerIndex() % ports.length];
  if (port === undefined) throw new Error('the e2e global setup started no server');
  return port;
}
/** This worker's server's data directory (its SQLite database: a failing test's evidence, read only). */
export function serverDataDir(): string {
  const dirs = inject('dataDirs');
  const dir = dirs[workerIndex() % dirs.length];
  if (!dir) throw new Error('the e2e global setup started no server');
  return dir;
}
export const baseUrl = () => `http://127.0.0.1:${serverPort()}`;
export const emiratesUrl = () => `http://${EMIRATES_HOST}:${serverPort()}`;

/**
 * Chromium's fake camera: a generated test pattern instead of a device, and camera permission granted
 * without a prompt, so that getUserMedia capture can run headless (issue 4).
 */
export const FAKE_CAMERA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/**
 * Launch options of a file's Chromium. `fullBrowser`: Debian's full Chromium (headless) instead of the
 * headless shell, for what the shell does not do — it ignores
 * `--unsafely-treat-insecure-origin-as-secure` (measured: `isSecureContext` false and no
 * `navigator.mediaDevices` on the Emirates host with the flag, true with the full browser; D118).
 */
export interface LaunchOptions {
  fullBrowser?: boolean;
}

export function launch(extraArgs: readonly string[] = [], options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: options.fullBrowser && !process.env.CHROMIUM_PATH ? FULL_CHROMIUM : CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--host-resolver-rules=MAP ${EMIRATES_HOST} 127.0.0.1`,
      ...extraArgs,
    ],
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** A context whose every request is recorded, so a test can prove no third party was contacted. */
export async function newContext(browser: Browser, viewport = DESKTOP, locale = 'en-US') {
  const context = await browser.newContext({
    viewport,
    locale,
    isMobile: viewport.width < 768,
    hasTouch: viewport.width < 768,
  });
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  return { context, requests };
}

export function expectOnlyOwnOrigins(requests: string[]) {
  const own = new Set([new URL(baseUrl()).origin, new URL(emiratesUrl()).origin]);
  const foreign = requests.filter(
    (url) => !url.startsWith('data:') && !url.startsWith('blob:') && !own.has(new URL(url).origin),
  );
  expect(foreign).toEqual([]);
}

/** Whether a frame of the page comes from another origin (the vendor simulator framed on the Emirates host). */
function hasCrossOriginFrame(page: Page): boolean {
  const origin = new URL(page.url()).origin;
  return page
    .frames()
    .some((frame) => frame.url().startsWith('http') && new URL(frame.url()).origin !== origin);
}

declare global {
  interface Window {
    axe?: {
      run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }>;
    };
  }
}

/** A violation as axe-core reports it (the fields the checks read). */
export interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: { target: (string | string[])[] }[];
}

/** Each violation as "rule (impact): targets", as the checks report them. */
export function describeViolations(violations: readonly AxeViolation[]): string[] {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core in the page and in each of its frames that lacks it, once per document: the page's
 * `axe.run` then checks the same-origin frames through them (axe's own frame messaging). A frame that
 * refuses the script (closing, or of another origin) is left out, as @axe-core/playwright does.
 */
export async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    const main = frame === page.mainFrame();
    try {
      if (!(await frame.evaluate(() => typeof window.axe === 'object'))) await frame.evaluate(AXE_SOURCE);
    } catch (error) {
      if (main) throw error;
    }
  }
}

/** The violations axe finds in the page (every rule). */
async function violationsInPage(page: Page): Promise<AxeViolation[]> {
  await injectAxe(page);
  return page.evaluate(async () => {
    if (!window.axe) throw new Error('axe was not injected');
    const { violations } = await window.axe.run(document, { resultTypes: ['violations'] });
    return violations.map(({ id, impact, nodes }) => ({
      id,
      impact,
      nodes: nodes.map(({ target }) => ({ target })),
    }));
  });
}

/**
 * axe on the page as it is now. `soft` records a failure and lets the test go on (e.g. to take the
 * remaining screenshots); `message` says what a failure means. Every rule runs; only the violations
 * are collected in full (`resultTypes`): building a selector for every passing node was a quarter of
 * each call's time, and no test reads the passes. axe runs in the page itself, its same-origin frames
 * included, injected once per document (`injectAxe`); @axe-core/playwright's default mode is used only
 * when a frame comes from another origin (the vendor simulator framed on the Emirates host): it opens a
 * blank page of its own to combine the frames' results. Measured on the personal page after a
 * navigation: 0.39 CPU seconds of Chromium a call through @axe-core/playwright's in-page ("legacy")
 * mode, which injects axe twice and reconfigures it every call, 0.25–0.30 so (D128); its default mode
 * cost 640 ms a call on the sign-in page.
 */
export async function expectNoAxeViolations(
  page: Page,
  { soft = false, message }: { soft?: boolean; message?: string } = {},
) {
  const violations = hasCrossOriginFrame(page)
    ? (await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze()).violations
    : await violationsInPage(page);
  const summary = describeViolations(violations);
  (soft ? expect.soft : expect)(summary, message).toEqual([]);
}

/**
 * Screenshots are for people looking at the screens (the issues' "look at it" steps), not for the
 * assertions: a full-page capture costs a render and a PNG encode, so they are taken only when
 * E2E_SCREENSHOTS=1 asks for them.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

export async function screenshot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  const dir = path.join(ARTIFACTS, 'screens');
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  await page.screenshot({
    path: path.join(dir, `${name}-${size?.width}x${size?.height}.png`),
    fullPage: true,
  });
}

/**
 * The page as it stands, at phone and at desktop width: the viewport is resized in place (no reload, no
 * second walk of the journey to reach the same state), then axe runs (soft, so that every finding of a
 * screens test is collected) and, with E2E_SCREENSHOTS=1, a screenshot is taken, at each width; the
 * viewport is left as it was. A phone context (`PHONE`: mobile and touch) stays one when widened: the
 * portal tells a phone from the user agent and the width (spec §1), and the browser's user agent is not a
 * phone's, so at 1280 px the page lays out as on a desktop. `axe: false` only takes the screenshots (and
 * does nothing without E2E_SCREENSHOTS=1). D129.
 */
export async function atBothWidths(
  page: Page,
  name: string,
  { axe = true, message = name }: { axe?: boolean; message?: string } = {},
) {
  if (!axe && !SCREENSHOTS) return;
  const original = page.viewportSize();
  for (const viewport of [PHONE, DESKTOP]) {
    const current = page.viewportSize();
    if (current?.width !== viewport.width || current.height !== viewport.height) {
      await page.setViewportSize(viewport);
      // The layout and any component that follows the width (matchMedia) settle within two frames.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
    }
    await screenshot(page, name);
    if (axe) await expectNoAxeViolations(page, { soft: true, message: `${message} at ${viewport.width} px` });
  }
  if (original) await page.setViewportSize(original);
}

/** Signs in through the real /login page, as a person would. */
export async function signIn(
  page: Page,
  origin: string,
  email: string,
  password = DEMO_PASSWORD,
  redirect?: string,
) {
  const query = redirect ? `?redirect_url=${encodeURIComponent(redirect)}` : '';
  await page.goto(`${origin}/login${query}`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export type { Browser, BrowserContext, Page };

/**
 * One Chromium per worker and launch arguments, started by the first describe block that asks for it and
 * kept for the worker's next files (the e2e project shares a worker's modules between its files,
 * vitest.config.ts): a launch costs seconds of CPU, paid ~36 times a run before. Playwright ends the
 * browser when the worker process exits. Files never share a context: each makes its own.
 */
const browsers = new Map<string, Promise<Browser>>();

function sharedBrowser(extraArgs: readonly string[], options: LaunchOptions): Promise<Browser> {
  const key = `${options.fullBrowser ? 'full ' : ''}${extraArgs.join(' ')}`;
  const running = browsers.get(key);
  if (running) return running;
  const launching = launch(extraArgs, options).then((browser) => {
    browser.on('disconnected', () => browsers.delete(key));
    return browser;
  });
  launching.catch(() => browsers.delete(key));
  browsers.set(key, launching);
  return launching;
}

/**
 * Gives the calling describe block the worker's Chromium (started if need be). After its tests, the
 * contexts the block opened and left open (a failed test's) are closed, so that none of their pages
 * keeps running into the next file.
 */
export function useBrowser(extraArgs: readonly string[] = [], options: LaunchOptions = {}): () => Browser {
  let browser: Browser | undefined;
  let before = new Set<BrowserContext>();
  beforeAll(async () => {
    browser = await sharedBrowser(extraArgs, options);
    before = new Set(browser.contexts());
  });
  afterAll(async () => {
    const left = browser?.contexts().filter((context) => !before.has(context)) ?? [];
    await Promise.all(left.map((context) => context.close()));
  });
  return () => {
    if (!browser) throw new Error('Chromium is not running: useBrowser() belongs in a describe block');
    return browser;
  };
}
