/**
 * Helpers of the identity-verification journeys (issue 4): fresh end users signed up through the real
 * API, staff signed in through the real back-office form with their TOTP code, and photo-like JPEGs
 * for the file-upload path.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Cookie } from 'playwright-core';
import { inject } from 'vitest';
import { ARTIFACTS, DEMO_PASSWORD, type Page } from './browser.ts';
import { DEMO_STAFF_TOTP_SECRETS, totpCode } from './totp.ts';

/** Creates an account through the sign-in page's "Create account", as a new person would; signed in after. */
export async function signUpFresh(page: Page, origin: string, label: string): Promise<string> {
  const email = `${label}-${randomBytes(4).toString('hex')}@e2e.test`;
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await page.waitForURL('**/user/accounts/**');
  return email;
}

export type StaffEmail = keyof typeof DEMO_STAFF_TOTP_SECRETS;

/** The file keeping a member's back-office cookies for one server and host (see staffSignIn). */
function sessionFile(origin: string, email: StaffEmail): string {
  const name = createHash('sha256').update(`${origin} ${email}`).digest('hex').slice(0, 16);
  return path.join(inject('staffSessions'), `${name}.json`);
}

/**
 * Signs a demo staff member in. Each TOTP step signs a member in once (issue 11), so a run that signed
 * the same member in through the form again and again waited up to 30 s for the clock each third time:
 * the member's back-office cookies are kept for the run after the first sign-in through the form and
 * used again while the session lives (a member signed out or reset goes through the form again).
 * `{ form: true }` always uses the form.
 */
export async function staffSignIn(
  page: Page,
  origin: string,
  email: StaffEmail,
  { form = false }: { form?: boolean } = {},
): Promise<void> {
  const file = sessionFile(origin, email);
  if (!form && existsSync(file)) {
    await page.context().addCookies(JSON.parse(readFileSync(file, 'utf8')) as Cookie[]);
    await page.goto(`${origin}/backoffice/`);
    const signOut = page.getByRole('button', { name: 'Sign out' });
    await Promise.race([signOut.waitFor(), page.getByLabel('Email', { exact: true }).waitFor()]);
    if (await signOut.isVisible()) return;
  }
  await staffSignInWithForm(page, origin, email);
  // The cookies sent to a back-office address: asked for the origin alone ('/'), the context answered none
  // of the back office's (their path is /backoffice), so no session was ever kept and every sign-in went
  // through the form, waiting up to 30 s for the next TOTP step (seen in identity-transfer: 11 s and 27 s).
  const cookies = await page.context().cookies(`${origin}/backoffice/`);
  writeFileSync(file, JSON.stringify(cookies.filter((cookie) => cookie.path.startsWith('/backoffice'))));
}

/**
 * The back-office form and its code step: a refused code (the step was used by an earlier sign-in) is
 * followed by the next step's (accepted one step ahead), and only then by a wait for the clock.
 */
async function staffSignInWithForm(page: Page, origin: string, email: StaffEmail): Promise<void> {
  await page.goto(`${origin}/backoffice/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await enterStaffCode(page, email);
}

/**
 * The back office's code step, from its form: a refused code (its step was used by an earlier sign-in
 * of the member, in this file or another worker's) is followed by the next step's, and only then by a
 * wait for the clock. Answers once the shell shows "Sign out".
 */
export async function enterStaffCode(page: Page, email: StaffEmail): Promise<void> {
  const code = page.getByLabel('Verification code', { exact: true });
  await code.waitFor();
  const signOut = page.getByRole('button', { name: 'Sign out' });
  const refused = page.getByRole('alert');
  for (let attempt = 0; attempt < 4; attempt++) {
    if (attempt === 2)
      await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 100));
    const ahead = attempt % 2 === 1 ? 30_000 : 0;
    await code.fill(totpCode(DEMO_STAFF_TOTP_SECRETS[email], Date.now() + ahead));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await Promise.race([signOut.waitFor(), refused.waitFor()]);
    if (await signOut.isVisible()) return;
  }
  throw new Error(`staff sign-in of ${email} kept being refused`);
}

/**
 * A photo-like JPEG (gradient and noise, so the encoder cannot shrink it to nothing, with rows of dark
 * "text" marks so that it has the edges the image-quality checks ask of a sharp photo: docs/checks.md
 * "Image quality") written under e2e/artifacts, for a file input. The noise is pseudo-random with a
 * fixed seed, so every photo of one size has the same bytes: the server reads each of them once (its
 * OCR and face answers are kept by content, D113), not again for every person of the run.
 */
/** xorshift32 bytes from a fixed seed: noise that looks random to a JPEG encoder, the same every run. */
function seededNoise(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let x = 0x9e3779b9;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

export async function photoFile(name: string, width = 1600, height = 1000): Promise<string> {
  const channels = 3;
  const raw = Buffer.alloc(width * height * channels);
  const noise = seededNoise(raw.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      raw[i] = (x * 255) / width + ((noise[i] ?? 0) & 15);
      raw[i + 1] = (y * 255) / height + ((noise[i + 1] ?? 0) & 15);
      raw[i + 2] = 128 + ((noise[i + 2] ?? 0) & 31);
      // Text: in every other band of 24 rows, marks 3 px wide every 9 px, some left out.
      const row = Math.floor(y / 24);
      if (row % 2 === 1 && y % 24 < 14 && x % 9 < 3 && (Math.floor(x / 9) ^ row) % 5 !== 0) {
        raw[i] = 30;
        raw[i + 1] = 30;
        raw[i + 2] = 40;
      }
    }
  }
  const dir = path.join(ARTIFACTS, 'files');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.jpg`);
  writeFileSync(
    file,
    await sharp(raw, { raw: { width, height, channels } }).jpeg({ quality: 85 }).toBuffer(),
  );
  return file;
}

/**
 * The capture's consent step (issue 10): the privacy and biometric-data consent and the declaration
 * that the information is true, both ticked, then on to the review.
 */
export async function giveCaptureConsent(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /I consent to the processing/ }).check();
  await page.getByRole('checkbox', { name: /I declare that the information/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}
