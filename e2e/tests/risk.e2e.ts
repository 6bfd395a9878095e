/**
 * Issue 18 "Risk score" in Chromium against the real server (demo mode loads the OFAC fixture): a
 * person who types the name of the invented OFAC individual submits level 1; the reviewer's case page
 * shows the Risk panel with the level in words and the open hit's factor, its points and source. Checked
 * with axe at 390×844 and 1280×800 in en and ar-SA (shot with E2E_SCREENSHOTS=1, the panel on its own).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ARTIFACTS,
  DESKTOP,
  PHONE,
  SCREENSHOTS,
  baseUrl,
  expectNoAxeViolations,
  expectOnlyOwnOrigins,
  newContext,
  useBrowser,
} from '../support/browser.ts';
import { signUpFresh } from '../support/kyc.ts';
import { backofficeLanguage, openCase, staffPage, submitLevel1ByFile } from '../support/level1.ts';
import { backofficeText } from '../support/locales.ts';
import { caseState, untilServerDone } from '../support/background.ts';

const VELMOROV = { firstName: 'Oleg Tarasovich', lastName: 'Velmorov', dateOfBirth: '1971-03-12' };
const backoffice = (lang: string) => (key: string) => backofficeText(lang, key);

describe('the risk score in the browser', () => {
  const browser = useBrowser();

  it('the case page shows the Risk panel with the level in words and each factor with its points and source, in en and ar-SA at phone and desktop width, axe clean', async () => {
    const person = await newContext(browser(), PHONE);
    const page = await person.context.newPage();
    const email = await signUpFresh(page, baseUrl(), 'risk');
    await submitLevel1ByFile(page, VELMOROV, 'risk');

    const reviewer = await staffPage(browser(), 'reviewer@demo.test');
    await openCase(reviewer.page, email);
    const caseUrl = reviewer.page.url();
    // The risk follows the screening run in the background: until the hit's factor is in the case.
    await untilServerDone('the risk after screening', async () =>
      Boolean((await caseState(reviewer.page)).risk?.factors.some((f) => f.code === 'screening_open_hit')),
    );
    for (const lang of ['en', 'ar-SA'] as const) {
      const t = backoffice(lang);
      for (const viewport of [DESKTOP, PHONE]) {
        await reviewer.page.setViewportSize(viewport);
        await reviewer.page.goto(caseUrl);
        await backofficeLanguage(reviewer.page, lang);
        const panel = reviewer.page.getByRole('region', { name: t('case.risk.heading') });
        await panel.getByText(t('case.risk.levels.medium'), { exact: true }).waitFor();
        const factor = panel.getByRole('article', { name: t('case.risk.factors.screening_open_hit') });
        await factor.getByText('ofac-sdn.xml', { exact: false }).waitFor();
        expect(await factor.getByText('40', { exact: true }).count()).toBe(1);
        // What raised it, in the page's language (the server sends it as data, not English words).
        await factor.getByText(t('case.risk.about.hit.open'), { exact: true }).waitFor();
        await expectNoAxeViolations(reviewer.page, { soft: true, message: `case with its risk (${lang})` });
        if (SCREENSHOTS) {
          const dir = path.join(ARTIFACTS, 'screens');
          mkdirSync(dir, { recursive: true });
          await panel.scrollIntoViewIfNeeded();
          await reviewer.page.screenshot({
            path: path.join(dir, `risk-case-${lang}-${viewport.width}x${viewport.height}.png`),
          });
          await panel.screenshot({
            path: path.join(dir, `risk-panel-${lang}-${viewport.width}x${viewport.height}.png`),
          });
        }
      }
    }

    for (const { requests } of [person, reviewer]) expectOnlyOwnOrigins(requests);
    for (const { context } of [person, reviewer]) await context.close();
  }, 240_000);
});
