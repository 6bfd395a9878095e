/**
 * Waiting for work the server does in the background after a commit — the document checks (seconds of
 * OCR and face models), the screening run and the risk it feeds, an automatic decision — by asking the
 * API every second, not by reloading a page: a reload renders the whole page again (~0.3 CPU seconds of
 * Chromium), and sixty of them a wait made the loaded machine slower still. The deadline is generous
 * (the test's own timeout stays the last word): on a 2-core machine under a full e2e run the checks of
 * one submission took over a minute.
 */
import type { CaseCheck, CaseChecksRun, CaseRisk } from '@kyc/contracts';
import { expect } from 'vitest';
import { baseUrl, type Page } from './browser.ts';

export const BACKGROUND_TIMEOUT_MS = 180_000;

/** Polls `done` (a read of the API) until it answers true. */
export async function untilServerDone(what: string, done: () => Promise<boolean>): Promise<void> {
  await expect
    .poll(done, { message: `waiting for ${what}`, timeout: BACKGROUND_TIMEOUT_MS, interval: 1000 })
    .toBe(true);
}

/** What the back office's case answer says of the checks and the risk (the staff page's session). */
export interface CaseState {
  checks?: CaseCheck[];
  checksRun?: CaseChecksRun;
  risk?: CaseRisk;
}

/** The case of the person whose case page `staff` shows (/backoffice/cases/:userId). */
export async function caseState(staff: Page, caseUrl = staff.url()): Promise<CaseState> {
  const userId = new URL(caseUrl).pathname.split('/').pop();
  const response = await staff.request.get(`${baseUrl()}/backoffice/api/cases/${userId}`);
  const envelope = (await response.json()) as { ret_code: number; result: CaseState };
  return envelope.ret_code === 0 ? envelope.result : {};
}

/** Until the document checks of the case have finished (done, or given up after their retries). */
export async function untilChecksFinished(staff: Page, caseUrl = staff.url()): Promise<void> {
  await untilServerDone('the document checks', async () => {
    const { checksRun } = await caseState(staff, caseUrl);
    return Boolean(checksRun && checksRun.status !== 'pending');
  });
}
