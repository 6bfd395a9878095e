/**
 * Lighthouse on the signed-in personal page (issue 10): mobile emulation with Lighthouse's simulated
 * throttling, against the production build served by the real app (serve.ts, SQLite, demo data), the
 * demo user signed in through the API first and its cookie passed on every request. Three runs, the
 * median reported, since the machine is shared: performance score, LCP, CLS and TBT against the aims.
 * Aims, like kyc-info's: reported as met or not, they do not fail `npm run bench`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { signIn, startServer } from './kyc.ts';

export const LIGHTHOUSE_AIMS = { minPerformance: 0.98, maxLcpMs: 1500, maxCls: 0.02 };
export const LIGHTHOUSE_RUNS = 3;
export const LIGHTHOUSE_PAGE = '/user/accounts/en/auth/personal';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface LighthouseRun {
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** What to look at: the LCP element and the elements that shifted most. */
  lcpElement: string;
  shifts: string[];
}

export interface LighthouseReport {
  runs: LighthouseRun[];
  median: LighthouseRun;
  performanceMet: boolean;
  lcpMet: boolean;
  clsMet: boolean;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** One Lighthouse run (performance category only) of `url`, in the browser's signed-in session. */
async function runOnce(url: string, page: Page): Promise<LighthouseRun> {
  const result = await lighthouse(
    url,
    { output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    undefined,
    page,
  );
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  type Item = { node?: { selector?: string; snippet?: string }; score?: number; items?: Item[] };
  const itemsOf = (id: string) => (lhr.audits[id]?.details as { items?: Item[] } | undefined)?.items ?? [];
  const nodeName = (item: Item | undefined) => item?.node?.selector ?? item?.node?.snippet ?? '?';
  // largest-contentful-paint-element: a table whose first item lists the element.
  const lcpItem = itemsOf('largest-contentful-paint-element')[0];
  return {
    lcpElement: nodeName(lcpItem?.items?.[0] ?? lcpItem),
    shifts: itemsOf('layout-shifts')
      .slice(0, 3)
      .map((item) => `${nodeName(item)} ${item.score?.toFixed(3) ?? ''}`),
    performance: lhr.categories.performance?.score ?? 0,
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
  };
}

export async function measureLighthouse(runs = LIGHTHOUSE_RUNS): Promise<LighthouseReport> {
  // What production serves: the build without the development-only gallery (rebuilt only when stale),
  // built before the server starts so that it never changes under a running server.
  const build = spawnSync(process.execPath, [path.resolve(import.meta.dirname, '../scripts/build.mjs')], {
    stdio: 'inherit',
    env: { ...process.env, KYC_PRODUCTION_BUILD: '1' },
  });
  if (build.status !== 0) throw new Error('the production build failed');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-bench-lighthouse-'));
  const portal = await startServer('portal', dataDir);
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const { headers } = await signIn(portal.origin);
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
    });
    // The session and CSRF cookies go into the browser itself (Lighthouse keeps cookies between runs):
    // the SPA reads the CSRF token from document.cookie, which a Cookie request header would not give it.
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const cookies = (headers.cookie ?? '').split('; ').map((pair) => pair.split('='));
    await browser.setCookie(
      ...cookies.map(([name = '', value = '']) => ({ name, value, domain: '127.0.0.1', path: '/' })),
    );
    const page = await browser.newPage();
    const url = `${portal.origin}${LIGHTHOUSE_PAGE}`;
    // A first visit warms the server (template caches, SQLite pages); it is not counted.
    await runOnce(url, page);
    const results: LighthouseRun[] = [];
    for (let i = 0; i < runs; i += 1) results.push(await runOnce(url, page));
    await browser.disconnect();
    const middle: LighthouseRun = {
      lcpElement: results[0]?.lcpElement ?? '',
      shifts: results.flatMap((r) => r.shifts),
      performance: median(results.map((r) => r.performance)),
      lcpMs: median(results.map((r) => r.lcpMs)),
      cls: median(results.map((r) => r.cls)),
      tbtMs: median(results.map((r) => r.tbtMs)),
      fcpMs: median(results.map((r) => r.fcpMs)),
    };
    return {
      runs: results,
      median: middle,
      performanceMet: middle.performance >= LIGHTHOUSE_AIMS.minPerformance,
      lcpMet: middle.lcpMs <= LIGHTHOUSE_AIMS.maxLcpMs,
      clsMet: middle.cls <= LIGHTHOUSE_AIMS.maxCls,
    };
  } finally {
    chrome?.kill();
    await portal.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The section of `npm run bench`: prints the median against the aims; returns the number missed. */
export async function reportLighthouse(): Promise<number> {
  const { loadavg } = await import('node:os');
  console.log(
    `\nLighthouse, mobile, signed-in ${LIGHTHOUSE_PAGE} (median of ${LIGHTHOUSE_RUNS} runs; load average ${loadavg()[0]?.toFixed(1)})`,
  );
  const report = await measureLighthouse();
  const { median: m } = report;
  const mark = (met: boolean) => (met ? 'ok  ' : 'MISS');
  console.log(
    `  ${mark(report.performanceMet)} performance ${m.performance.toFixed(2)} (aim ≥ ${LIGHTHOUSE_AIMS.minPerformance})`,
  );
  console.log(
    `  ${mark(report.lcpMet)} LCP ${(m.lcpMs / 1000).toFixed(2)} s (aim ≤ ${LIGHTHOUSE_AIMS.maxLcpMs / 1000} s)`,
  );
  console.log(`  ${mark(report.clsMet)} CLS ${m.cls.toFixed(3)} (aim ≤ ${LIGHTHOUSE_AIMS.maxCls})`);
  console.log(`       TBT ${m.tbtMs.toFixed(0)} ms, FCP ${(m.fcpMs / 1000).toFixed(2)} s`);
  console.log(`       LCP element: ${m.lcpElement}; shifts: ${m.shifts.join(', ') || 'none'}`);
  console.log(
    `       runs: ${report.runs.map((r) => `${r.performance.toFixed(2)} / ${(r.lcpMs / 1000).toFixed(2)} s / ${r.cls.toFixed(3)}`).join(', ')}`,
  );
  return Number(!report.performanceMet) + Number(!report.lcpMet) + Number(!report.clsMet);
}
