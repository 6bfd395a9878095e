/**
 * "A person always knows what to do next" (issue 10, part 4), in Chromium against the real server:
 * a request for information raised in the back office appears on the personal page as a new notice and
 * as an open item with its deadline; the person follows the link, answers, and the result leads back.
 * A level-1 rejection shows its reason translated (English, then Arabic on the Emirates host) with the
 * reviewer's note, on the step card and at the start of the retry; its notice clears once seen.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  atBothWidths,
  baseUrl,
  emiratesUrl,
  expectOnlyOwnOrigins,
  newContext,
  signIn,
  useBrowser,
  type Browser,
  type Page,
} from '../support/browser.ts';
import { giveCaptureConsent, photoFile, signUpFresh, staffSignIn } from '../support/kyc.ts';
import { enterDocumentDetails } from '../support/level1.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
interface Question {
  id: string;
  label: string;
  options?: { value: string; label: string; score?: number }[];
}
const template = (code: string) =>
  JSON.parse(readFileSync(path.join(ROOT, 'content/questionnaires', `${code}.v1.json`), 'utf8')) as {
    sections: { pages: { questions: Question[] }[] }[];
  };
const english = JSON.parse(readFileSync(path.join(ROOT, 'locales/questionnaires/en.json'), 'utf8')) as object;
const text = (key: string): string =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], english) as string;

const personalUrl = (origin: string, lang: string) => `${origin}/user/accounts/${lang}/auth/personal`;

async function personal(page: Page, origin = baseUrl(), lang = 'en') {
  await page.goto(personalUrl(origin, lang));
  await page.locator('#next-steps-title').waitFor();
  // The open items arrive with the compliance tasks; the section is busy until then.
  await page.locator('section.next-steps[aria-busy="false"]').waitFor();
}

/** The person's UID as the personal page shows it. */
async function uidOf(page: Page): Promise<number> {
  await page.goto(personalUrl(baseUrl(), 'en'));
  const uid = page.locator('.account-summary dd').first();
  await uid.waitFor();
  return Number((await uid.innerText()).trim());
}

/** A staff member's signed-in page in a context of its own. */
async function staffPage(browser: Browser) {
  const { context, requests } = await newContext(browser);
  const page = await context.newPage();
  await staffSignIn(page, baseUrl(), 'reviewer@demo.test');
  return { context, page, requests };
}

/** Level 1 by file upload: country, details, passport, front, selfie, submit. */
async function submitLevel1(page: Page) {
  await page.goto(`${baseUrl()}/user/accounts/en/auth/kyc?level=1`);
  await page.getByLabel('Country that issued your document').selectOption('DE');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.locator('input[autocomplete="given-name"]').fill('Ada');
  await page.locator('input[autocomplete="family-name"]').fill('Lovelace');
  await page.locator('input[autocomplete="bday"]').fill('1990-12-10');
  await page.locator('main button').last().click();
  await page.getByRole('radio', { name: 'Passport' }).check();
  await enterDocumentDetails(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  for (const [label, file] of [
    ['Front of the document', await photoFile('next-front')],
    ['Selfie', await photoFile('next-selfie', 900, 1200)],
  ] as const) {
    const region = page.getByRole('region', { name: label });
    const chooser = page.waitForEvent('filechooser');
    await region.getByRole('button', { name: 'Upload a file' }).click();
    await (await chooser).setFiles(file);
    await region.getByText('Uploaded.').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await giveCaptureConsent(page);
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await page.getByRole('heading', { name: 'Submitted' }).waitFor({ timeout: 20_000 });
}

const REQUEST = 'Please explain the origin of the 2 BTC you deposited on 3 November.';
const NOTE = 'The passport photo is too dark to read the date of birth.';

describe('next steps', () => {
  const browser = useBrowser();

  it('an open request for information: a new notice and an item with its deadline on the personal page; followed, answered, and the result leads back', async () => {
    const { context, requests } = await newContext(browser(), PHONE);
    const page = await context.newPage();
    const email = await signUpFresh(page, baseUrl(), 'next-rfi');
    const uid = await uidOf(page);

    // Staff raise a request for information from the person's case page.
    const staff = await staffPage(browser());
    await staff.page.goto(`${baseUrl()}/backoffice/cases/${uid}`);
    await staff.page.getByRole('button', { name: 'Request information' }).click();
    await staff.page.getByLabel('What the person should provide').fill(REQUEST);
    await staff.page.getByRole('button', { name: 'Send the request' }).click();
    await staff.page.getByText('The request was sent. The person now has an open task.').waitFor();

    // First seen in Arabic on the Emirates host: the notice and the open item, right to left.
    await signIn(page, emiratesUrl(), email);
    await page.waitForURL('**/user/accounts/**');
    await personal(page, emiratesUrl(), 'ar-SA');
    const notices = page.getByRole('region', { name: 'القرارات منذ زيارتك الأخيرة' });
    await notices.getByText('جديد', { exact: true }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page
      .getByRole('region', { name: 'ما الذي عليك فعله بعد ذلك' })
      .getByText(/الموعد النهائي/)
      .waitFor();
    await atBothWidths(page, 'next-steps-personal-ar-SA');

    // Then in English: the notice was seen, so it is gone; the item stays until the task is done.
    await page.setViewportSize(PHONE);
    await personal(page);
    expect(await page.getByRole('region', { name: 'Decisions since your last visit' }).count()).toBe(0);
    const next = page.getByRole('region', { name: 'What to do next' });
    const item = next.getByRole('listitem').filter({ hasText: 'Request for information' });
    await item.getByText(/^Due by /).waitFor();
    await next.getByRole('link', { name: 'See all compliance tasks' }).waitFor();
    await atBothWidths(page, 'next-steps-personal-en');

    // Keyboard: the item's link is reachable with Tab and opens the task.
    await page.setViewportSize(PHONE);
    const link = item.getByRole('link', { name: 'Request for information' });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/auth/rfiQuestion');
    await page.getByText(REQUEST, { exact: false }).first().waitFor();
    await page
      .getByLabel('Your answer to our request')
      .fill('From the sale of my car, paid to my bank account.');
    await page
      .getByRole('group', { name: 'Do you want to attach documents?' })
      .getByRole('radio', { name: 'No', exact: true })
      .check();
    await page
      .getByRole('checkbox', {
        name: 'I confirm that the information and documents I have given are true and complete.',
      })
      .check();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('heading', { name: 'Under review' }).waitFor();
    const leadOn = page.getByRole('navigation', { name: 'Next steps' });
    await leadOn.getByRole('link', { name: 'See your open tasks' }).waitFor();
    await atBothWidths(page, 'next-steps-result-under-review-en');

    // The result leads back to the personal page, where the request is no longer open.
    await leadOn.getByRole('link', { name: 'Back to your verification overview' }).click();
    await page.waitForURL('**/auth/personal');
    await page.locator('section.next-steps[aria-busy="false"]').waitFor();
    await page
      .getByRole('region', { name: 'What to do next' })
      .getByText('Verify your identity: level 1')
      .waitFor();
    expect(
      await page
        .getByRole('region', { name: 'What to do next' })
        .getByText('Request for information')
        .count(),
    ).toBe(0);

    expectOnlyOwnOrigins(requests);
    for (const c of [context, staff.context]) await c.close();
  });

  it('a rejection: its reason translated with the reviewer note, a notice that clears once seen, and "Try again" repeating what to fix', async () => {
    const { context, requests } = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    const email = await signUpFresh(page, baseUrl(), 'next-reject');
    await submitLevel1(page);

    const staff = await staffPage(browser());
    await staff.page.goto(`${baseUrl()}/backoffice/verification-queue`);
    await staff.page.getByRole('row').filter({ hasText: email }).first().getByRole('link').first().click();
    await staff.page.getByRole('heading', { name: 'Decisions' }).waitFor();
    const form = staff.page.getByRole('group', { name: 'Reject level 1' });
    await form.getByLabel('Reason').selectOption('BLURRY_IMAGE');
    await form.getByLabel('Message to the person').fill(NOTE);
    await form.getByRole('button', { name: 'Reject, can try again' }).click();
    await staff.page.getByRole('dialog').getByRole('button', { name: 'Reject level 1' }).click();
    await expect.poll(() => staff.page.getByRole('dialog').count()).toBe(0);

    // The decision: a new notice, the translated reason with what to fix, and the reviewer's note.
    await personal(page);
    const notices = page.getByRole('region', { name: 'Decisions since your last visit' });
    await notices.getByText('Your level 1 verification was not approved. See below what to fix.').waitFor();
    const step1 = page.getByRole('region', { name: /^Step 1/ });
    await step1.getByText('What to fix').waitFor();
    await step1.getByText(/A photo was blurred or hard to read/).waitFor();
    await step1.getByText(NOTE).waitFor();
    await page
      .getByRole('region', { name: 'What to do next' })
      .getByRole('link', { name: 'Fix and resubmit level 1 verification' })
      .waitFor();
    await atBothWidths(page, 'next-steps-rejected-en');

    // Seen once: after a reload the notice is gone, the reason stays on the step card.
    await page.setViewportSize(DESKTOP);
    await personal(page);
    expect(await page.getByRole('region', { name: 'Decisions since your last visit' }).count()).toBe(0);
    await step1.getByText(NOTE).waitFor();

    // "Try again" opens the flow, which starts by repeating what to fix.
    await step1.getByRole('link', { name: /Try again/ }).click();
    await page.getByLabel('Country that issued your document').waitFor();
    await page.getByText('What to fix').waitFor();
    await page.getByText(NOTE).waitFor();
    await atBothWidths(page, 'next-steps-retry-start-en');

    // The same reason in Arabic on the Emirates host: the code is translated, the note as written.
    await signIn(page, emiratesUrl(), email);
    await page.waitForURL('**/user/accounts/**');
    await personal(page, emiratesUrl(), 'ar-SA');
    await page.getByText('ما يجب تصحيحه').waitFor();
    await page.getByText(/كانت إحدى الصور ضبابية/).waitFor();
    await page.getByText(NOTE).waitFor();
    await atBothWidths(page, 'next-steps-rejected-ar-SA');
    await page.goto(`${emiratesUrl()}/user/accounts/ar-SA/auth/kyc?level=1`);
    await page.getByText('ما يجب تصحيحه').waitFor();
    await atBothWidths(page, 'next-steps-retry-start-ar-SA');

    expectOnlyOwnOrigins(requests);
    for (const c of [context, staff.context]) await c.close();
  }, 180_000);

  it('result screens: a failed test lists the wrong answers; an accepted agreement can be downloaded again; both lead on', async () => {
    const { context, requests } = await newContext(browser(), PHONE);
    const page = await context.newPage();
    const email = await signUpFresh(page, baseUrl(), 'next-results');

    // The knowledge test: the first four questions answered wrongly, the others rightly (9 of 13).
    await page.goto(`${baseUrl()}/user/accounts/en/auth/crypto-knowledge-test`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const testPages = template('crypto-knowledge-test').sections.flatMap((sec) => sec.pages);
    const wrongLabels: string[] = [];
    let n = 0;
    for (const [index, { questions }] of testPages.entries()) {
      for (const question of questions) {
        const options = question.options ?? [];
        const best = Math.max(...options.map((o) => o.score ?? 0));
        const right = n++ >= 4;
        const pick = options.find((o) => (right ? (o.score ?? 0) === best : (o.score ?? 0) < best));
        if (!pick) throw new Error(`no option for ${question.id}`);
        if (!right) wrongLabels.push(text(question.label));
        await page
          .getByRole('group', { name: text(question.label) })
          .getByRole('radio', { name: text(pick.label), exact: true })
          .check();
      }
      const last = index === testPages.length - 1;
      await page.getByRole('button', { name: last ? 'Submit' : 'Next', exact: true }).click();
    }
    await page.getByRole('heading', { name: 'Test not passed' }).waitFor();
    await page.getByText('These answers were not correct:').waitFor();
    const listed = page.locator('.qn-wrong__list li');
    await expect.poll(() => listed.allInnerTexts()).toEqual(wrongLabels);
    await page.getByRole('navigation', { name: 'Next steps' }).waitFor();
    await atBothWidths(page, 'next-steps-test-failed-en');

    // The client agreement, accepted, then downloaded again as the accepted version.
    await page.setViewportSize(PHONE);
    await page.goto(`${baseUrl()}/user/accounts/en/auth/client-agreement`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    for (;;) {
      const boxes = page.locator('main input[type="checkbox"]');
      await boxes.first().waitFor();
      for (let i = 0; i < (await boxes.count()); i++) await boxes.nth(i).check();
      const accept = page.getByRole('button', { name: 'Accept', exact: true });
      if (await accept.count()) {
        await accept.click();
        break;
      }
      await page.getByRole('button', { name: 'Next', exact: true }).click();
    }
    await page.getByText(/You accepted version 1 on/).waitFor();
    const download = page.getByRole('link', { name: 'Download a copy' });
    const href = await download.getAttribute('href');
    if (!href) throw new Error('no download link');
    const file = await page.request.get(new URL(href, baseUrl()).toString());
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toBe('attachment; filename="client-agreement-v1.html"');
    expect(await file.text()).toContain('Version 1, accepted on');
    await atBothWidths(page, 'next-steps-agreement-accepted-en');

    // Both results in Arabic on the Emirates host.
    await signIn(page, emiratesUrl(), email);
    await page.waitForURL('**/user/accounts/**');
    for (const [screen, name] of [
      ['crypto-knowledge-test', 'next-steps-test-failed-ar-SA'],
      ['client-agreement', 'next-steps-agreement-accepted-ar-SA'],
    ] as const) {
      await page.setViewportSize(PHONE);
      await page.goto(`${emiratesUrl()}/user/accounts/ar-SA/auth/${screen}`);
      await page.getByRole('navigation', { name: 'الخطوات التالية' }).waitFor();
      await atBothWidths(page, name);
    }
    await page.getByRole('link', { name: 'تنزيل نسخة' }).waitFor();

    expectOnlyOwnOrigins(requests);
    await context.close();
  }, 180_000);
});
