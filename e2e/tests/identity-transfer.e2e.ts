/**
 * Issue 15, identity transfer in Chromium against the real server (cooling-off 0 in the e2e run): a new
 * account takes the verification of a verified account of the same person from the personal page, both
 * sides behind an email code; a reviewer approves; both accounts show the transfer complete. A transfer
 * from a Netherlands resident is refused with the translated reason. Screenshots of the section (en and
 * ar-SA, phone and desktop) to $STEPUP_SHOTS when set; axe on the page.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  baseUrl,
  emiratesUrl,
  expectNoAxeViolations,
  newContext,
  signIn,
  useBrowser,
  type Page,
} from '../support/browser.ts';
import { signUpFresh, staffSignIn } from '../support/kyc.ts';
import { ADA, newestCode, post, verifiedPerson } from '../support/step-up.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const json = (file: string) => JSON.parse(readFileSync(path.join(ROOT, 'locales', file), 'utf8')) as object;
const pick = (texts: object, key: string): string =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts) as string;
const SHOTS = process.env.STEPUP_SHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  await page.screenshot({
    path: path.join(SHOTS, `${name}-${size?.width}x${size?.height}.png`),
    fullPage: true,
  });
}

const section = (page: Page) => page.getByRole('region', { name: 'Identity transfer' });

/** The step-up dialog: send the code, read it from the development mailbox, confirm. */
async function passStepUp(page: Page, email: string) {
  const dialog = page.getByRole('dialog', { name: 'Security verification' });
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await dialog.getByRole('status').filter({ hasText: 'Code sent to' }).waitFor();
  await dialog.getByLabel('Code from the email').fill(await newestCode(page, email));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}

async function startTransfer(page: Page, sourceEmail: string) {
  const box = section(page);
  await box.getByLabel('Email of your verified account').fill(sourceEmail);
  await box.getByLabel('First name').fill(ADA.firstName);
  await box.getByLabel('Last name').fill(ADA.lastName);
  await box.getByLabel('Date of birth').fill(ADA.dateOfBirth);
  await box.getByRole('button', { name: 'Start transfer' }).click();
}

describe('identity transfer', () => {
  const browser = useBrowser();

  it('a new account takes the verification of the same person’s verified account: both confirm behind an email code, a reviewer approves, both see it complete', async () => {
    const sourceEmail = await verifiedPerson(browser());

    const targetContext = (await newContext(browser())).context;
    const target = await targetContext.newPage();
    const targetEmail = await signUpFresh(target, baseUrl(), 'transfer-target');
    await target.goto(`${baseUrl()}/user/accounts/en/auth/personal`);
    await section(target).getByLabel('Email of your verified account').waitFor();
    await expectNoAxeViolations(target, { soft: true, message: 'personal page with the transfer form' });
    await startTransfer(target, sourceEmail);
    await passStepUp(target, targetEmail);
    await expect.poll(() => section(target).getByRole('status').textContent()).toContain('Waiting for');

    const sourceContext = (await newContext(browser())).context;
    const source = await sourceContext.newPage();
    await signIn(source, baseUrl(), sourceEmail);
    await source.waitForURL('**/auth/personal');
    await section(source).getByText('asks to receive your verification').waitFor();
    await section(source).getByRole('button', { name: 'Confirm transfer' }).click();
    await passStepUp(source, sourceEmail);
    await expect
      .poll(() => section(source).getByRole('status').textContent())
      .toContain('under compliance review');

    // The reviewer's decision (the back office's transfer pages are not built yet: its API).
    const staff = (await newContext(browser())).context;
    const reviewer = await staff.newPage();
    await staffSignIn(reviewer, baseUrl(), 'reviewer@demo.test');
    const queue = (await (
      await reviewer.request.get(`${baseUrl()}/backoffice/api/identity-transfers`)
    ).json()) as {
      result: { items: Array<{ id: number; sourceEmail: string }> };
    };
    const id = queue.result.items.find((item) => item.sourceEmail === sourceEmail)?.id;
    expect(id).toBeDefined();
    const decided = await post(reviewer, `/backoffice/api/identity-transfers/${id}/decision`, {
      data: { decision: 'approve', selfieReviewed: true },
    });
    expect(decided.ret_code, JSON.stringify(decided)).toBe(0);
    await staff.close();

    await target.reload();
    await section(target).getByText('Your verification was transferred from').waitFor();
    await source.reload();
    await section(source).getByText('This account is now at level 0').waitFor();
    for (const [page, level] of [
      [target, 1],
      [source, 0],
    ] as const) {
      const info = await post(page, '/v3/private/kyc/kyc-info', { data: { obtain_current: true } });
      expect((info.result.applicant as { level: number }).level).toBe(level);
      const status = await post(page, '/v1/kyc/transfer/status', { data: {} });
      expect(status.result).toMatchObject({ status: 'COMPLETE', outcome: 'success' });
    }
    await targetContext.close();
    await sourceContext.close();
  }, 300_000);

  it('a transfer from a Netherlands resident is refused with the translated reason; the section in en and ar-SA at phone and desktop width', async () => {
    const sourceEmail = await verifiedPerson(browser(), 'NL');
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const targetEmail = await signUpFresh(page, baseUrl(), 'transfer-nl');
    await page.goto(`${baseUrl()}/user/accounts/en/auth/personal`);
    await startTransfer(page, sourceEmail);
    await passStepUp(page, targetEmail);
    await expect
      .poll(() => section(page).getByRole('alert').textContent())
      .toBe(pick(json('inverse-error-code/en.json'), '60035'));
    await shot(page, 'transfer-refused-nl-en');
    await context.close();

    for (const viewport of [PHONE, DESKTOP])
      for (const lang of ['en', 'ar-SA']) {
        const shots = (await newContext(browser(), viewport)).context;
        const view = await shots.newPage();
        const origin = lang === 'ar-SA' ? emiratesUrl() : baseUrl();
        await signIn(view, origin, targetEmail);
        await view.waitForURL('**/auth/personal');
        await view.goto(`${origin}/user/accounts/${lang}/auth/personal`);
        const texts = json(`user-accounts/${lang}.json`);
        const box = view.getByRole('region', { name: pick(texts, 'identityTransfer.title') });
        await box.getByRole('button', { name: pick(texts, 'identityTransfer.form.submit') }).waitFor();
        await box.scrollIntoViewIfNeeded();
        await shot(view, `transfer-section-${lang}`);
        await expectNoAxeViolations(view, {
          soft: true,
          message: `transfer section ${lang} ${viewport.width}`,
        });
        await shots.close();
      }
  }, 300_000);
});
