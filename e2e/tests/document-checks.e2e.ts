/**
 * Issue 19, the document checks in the browser against the real server (they run in the background after
 * the submission's commit, as in production): a person submits level 1 with a generated passport whose
 * machine-readable zone says 11 December 1990 while they typed 10 December; the reviewer's case page
 * shows the Checks panel first, with the MRZ read, the date of birth marked "Disagrees" in words, and
 * the expiry. The passport's portrait and the selfie are the public-domain NASA astronaut
 * (apps/server/test/fixtures/faces/): face_match passes and shows both crops side by side.
 * Screenshots (E2E_SCREENSHOTS=1) and axe at 390×844 and 1280×800 in en and ar-SA.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../apps/server/test/support/mrz-documents.ts';
import { astronaut, astronautPortrait, selfieFrom } from '../../apps/server/test/support/face-images.ts';
import {
  ARTIFACTS,
  DESKTOP,
  PHONE,
  baseUrl,
  expectNoAxeViolations,
  expectOnlyOwnOrigins,
  newContext,
  screenshot,
  useBrowser,
} from '../support/browser.ts';
import { signUpFresh } from '../support/kyc.ts';
import { backofficeLanguage, openCase, staffPage, submitLevel1ByFile } from '../support/level1.ts';
import { backofficeText } from '../support/locales.ts';
import { untilChecksFinished } from '../support/background.ts';

/** The date of birth one day off the zone's; the number as printed (D125: compared with the zone). */
const TYPED = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1990-12-10',
  documentNumber: 'C01X00T47',
};
const PASSPORT = {
  documentCode: 'P',
  // Three characters, padded with fillers, as the zone holds them (ICAO 9303: Germany is D<<).
  issuingState: 'D<<',
  surname: 'LOVELACE',
  givenNames: 'ADA',
  documentNumber: 'C01X00T47',
  nationality: 'D<<',
  dateOfBirth: '901211',
  sex: 'F' as const,
  expiryDate: '340101',
};

describe('document checks in the browser', () => {
  const browser = useBrowser();

  it('a passport whose MRZ disagrees with the typed date of birth: the case shows the Checks panel first, the field marked in words, in en and ar-SA at phone and desktop width, axe clean', async () => {
    const dir = path.join(ARTIFACTS, 'files');
    mkdirSync(dir, { recursive: true });
    const front = path.join(dir, 'checks-passport.jpg');
    const portrait = await astronautPortrait();
    writeFileSync(
      front,
      await renderDocument('TD3', PASSPORT, { documentWidth: 1200, jpegQuality: 90, portrait }),
    );
    const selfie = path.join(dir, 'checks-selfie.jpg');
    writeFileSync(selfie, await selfieFrom(astronaut(), { mirror: true }));

    const person = await newContext(browser(), PHONE);
    const page = await person.context.newPage();
    const email = await signUpFresh(page, baseUrl(), 'checks');
    await submitLevel1ByFile(page, TYPED, 'checks', { front, selfie });

    const reviewer = await staffPage(browser(), 'reviewer@demo.test');
    await openCase(reviewer.page, email);
    const caseUrl = reviewer.page.url();
    const en = (key: string) => backofficeText('en', key);
    // The checks run in the background after the commit (OCR takes seconds): the page once they are done.
    await untilChecksFinished(reviewer.page);
    await reviewer.page.reload();
    await reviewer.page.getByRole('article', { name: en('case.checks.names.data_match') }).waitFor();
    // First on the page: before the level and applicant sections.
    const headings = await reviewer.page.locator('main h2').allTextContents();
    expect(headings[0]).toBe(en('case.checks.heading'));

    for (const lang of ['en', 'ar-SA'] as const) {
      const t = (key: string) => backofficeText(lang, key);
      for (const viewport of [DESKTOP, PHONE]) {
        await reviewer.page.setViewportSize(viewport);
        await reviewer.page.goto(caseUrl);
        await backofficeLanguage(reviewer.page, lang);
        const panel = reviewer.page.getByRole('region', { name: t('case.checks.heading') });
        const match = panel.getByRole('article', { name: t('case.checks.names.data_match') });
        await match.getByText(t('case.checks.outcomes.fail'), { exact: true }).first().waitFor();
        // The date of birth row says "Disagrees" in words (the colour only repeats it).
        const dateRow = match.getByRole('row', { name: t('case.checks.fields.dateOfBirth') });
        await dateRow.getByRole('cell', { name: t('case.checks.fieldOutcomes.disagrees') }).waitFor();
        const mrz = panel.getByRole('article', { name: t('case.checks.names.mrz') });
        await mrz.getByText(t('case.checks.outcomes.pass'), { exact: true }).first().waitFor();
        await expectNoAxeViolations(reviewer.page, { soft: true, message: `case with its checks (${lang})` });
        await panel.scrollIntoViewIfNeeded();
        // The faces: both crops side by side, the similarity against its threshold.
        const faces = panel.getByRole('article', { name: t('case.checks.names.face_match') });
        await faces.getByText(t('case.checks.outcomes.pass'), { exact: true }).first().waitFor();
        await faces.getByRole('img', { name: t('case.checks.faces.selfieAlt') }).waitFor();
        await faces.getByRole('img', { name: t('case.checks.faces.portraitAlt') }).waitFor();
        await faces.getByText(t('case.checks.faces.advisory')).waitFor();
        await screenshot(reviewer.page, `checks-case-${lang}`);
      }
    }

    for (const { requests } of [person, reviewer]) expectOnlyOwnOrigins(requests);
    for (const { context } of [person, reviewer]) await context.close();
  }, 240_000);
});
