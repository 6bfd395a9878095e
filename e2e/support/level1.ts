/**
 * Level 1 the way a person does it in the browser (issue 4): the kyc screen, the document's country, the
 * name and date of birth as on the document, the passport with the nationality and its number (D125), a
 * passport photo chosen as a file, a selfie, the consent, review and submit. And the reviewer's side: a case opened from the verification queue, approved with
 * the confirmation the case page asks for.
 */
import { DESKTOP, baseUrl, newContext, type Browser, type Page } from './browser.ts';
import { giveCaptureConsent, photoFile, staffSignIn, type StaffEmail } from './kyc.ts';
import { backofficeText } from './locales.ts';

export interface TypedDetails {
  firstName: string;
  lastName: string;
  /** yyyy-mm-dd */
  dateOfBirth: string;
  /** The document's number as typed on the document step (D125); a made-up one when not given. */
  documentNumber?: string;
}

/** A document number for photos without a zone: nothing compares it. */
export const ANY_DOCUMENT_NUMBER = 'X1234567';

/**
 * The document step's nationality and number (issue 19, D125), in any language: a passport's issuing
 * country is already offered as the nationality; another document's is chosen when given.
 */
export async function enterDocumentDetails(
  page: Page,
  {
    documentNumber = ANY_DOCUMENT_NUMBER,
    nationality,
  }: { documentNumber?: string; nationality?: string } = {},
) {
  if (nationality) await page.locator('main select[name="nationality"]').selectOption(nationality);
  await page.locator('main input[name="documentNumber"]').fill(documentNumber);
}

/** One side of the document (or the selfie) chosen as a file; waits for its upload. */
async function uploadInto(page: Page, label: string, file: string) {
  const region = page.getByRole('region', { name: label });
  const chooser = page.waitForEvent('filechooser');
  await region.getByRole('button', { name: 'Upload a file' }).click();
  await (await chooser).setFiles(file);
  await region.getByText('Uploaded.').waitFor({ timeout: 20_000 });
}

/** Level 1 with a passport of `country`, by file upload, from the kyc screen to "Submitted" (English). */
export async function submitLevel1ByFile(
  page: Page,
  details: TypedDetails,
  name: string,
  {
    origin = baseUrl(),
    country = 'DE',
    front,
    selfie,
  }: {
    origin?: string;
    country?: string;
    /** A file of the passport's front (default: a photo-like picture). */ front?: string;
    /** A file of the selfie (default: a photo-like picture without a face). */ selfie?: string;
  } = {},
) {
  await page.goto(`${origin}/user/accounts/en/auth/kyc?level=1`);
  await page.getByLabel('Country that issued your document').selectOption(country);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.locator('input[autocomplete="given-name"]').fill(details.firstName);
  await page.locator('input[autocomplete="family-name"]').fill(details.lastName);
  await page.locator('input[autocomplete="bday"]').fill(details.dateOfBirth);
  await page.locator('main button').last().click();
  await page.getByRole('radio', { name: 'Passport' }).check();
  await enterDocumentDetails(page, { documentNumber: details.documentNumber ?? ANY_DOCUMENT_NUMBER });
  await page.getByRole('button', { name: 'Continue' }).click();
  await uploadInto(page, 'Front of the document', front ?? (await photoFile(`${name}-front`)));
  await page.getByRole('button', { name: 'Continue' }).click();
  await uploadInto(page, 'Selfie', selfie ?? (await photoFile(`${name}-selfie`, 900, 1200)));
  await page.getByRole('button', { name: 'Continue' }).click();
  await giveCaptureConsent(page);
  await page.getByRole('heading', { name: 'Review and submit' }).waitFor();
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await page.getByRole('heading', { name: 'Submitted' }).waitFor({ timeout: 20_000 });
}

/** A staff member's signed-in page in a browser context of its own. */
export async function staffPage(browser: Browser, email: StaffEmail, viewport = DESKTOP) {
  const { context, requests } = await newContext(browser, viewport);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`back office page error: ${error.message}`));
  await staffSignIn(page, baseUrl(), email);
  return { context, page, requests };
}

/** Opens the case of the person with this email from the verification queue. */
export async function openCase(page: Page, email: string) {
  await page.goto(`${baseUrl()}/backoffice/verification-queue`);
  const row = page.getByRole('row').filter({ hasText: email });
  await row.first().getByRole('link').first().click();
  await page.getByRole('heading', { name: 'Decisions' }).waitFor();
}

/** Approve asks for confirmation (issue 10): the dialog's own Approve, without a comment. */
export async function approveLevel1(page: Page) {
  await page.getByRole('button', { name: 'Approve level 1' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve level 1' }).click();
  await page.getByText('Approved. The case below is up to date.').waitFor();
}

/** The flow's forward button (language-neutral: the last button of the step's navigation). */
export const nextStep = (page: Page) => page.locator('.kyc-flow__nav button').last().click();

/** Country, details, passport and its number: up to the front of the document (language-neutral locators). */
export async function toDocumentFront(page: Page, origin: string, lang: string) {
  await page.goto(`${origin}/user/accounts/${lang}/auth/kyc?level=1`);
  const country = page.locator('main select').first();
  await country.waitFor();
  await country.selectOption('DE');
  await nextStep(page);
  await page.locator('input[autocomplete="given-name"]').fill('Ada');
  await page.locator('input[autocomplete="family-name"]').fill('Lovelace');
  await page.locator('input[autocomplete="bday"]').fill('1990-12-10');
  await nextStep(page);
  await page.locator('input[type="radio"][value="PASSPORT"]').check();
  await enterDocumentDetails(page);
  await nextStep(page);
  await page.locator('[data-testid="capture-file-front"]').waitFor({ state: 'attached' });
}

/** Chooses a file for the capture step in view (its last action: "Upload a file"), in any language. */
export async function chooseCaptureFile(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.locator('main .capture__actions button').last().click();
  await (await chooser).setFiles(file);
}

/** The back office in a language (its own selector, kept for the session). */
export async function backofficeLanguage(page: Page, lang: 'en' | 'ar-SA') {
  const current = (await page.locator('html').getAttribute('lang')) ?? 'en';
  if (current.startsWith(lang === 'en' ? 'en' : lang)) return;
  await page
    .getByLabel(backofficeText(current === 'ar-SA' ? 'ar-SA' : 'en', 'language.label'))
    .selectOption(lang);
  await page.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached' });
}

/** The screening-alerts queue opened at `url` in `lang`: the first row that names `email`, once listed. */
export async function alertsRowOf(page: Page, url: string, lang: 'en' | 'ar-SA', email: string) {
  await page.goto(url);
  await backofficeLanguage(page, lang);
  await page
    .getByRole('heading', { level: 1, name: backofficeText(lang, 'areas.screeningAlerts.title') })
    .waitFor();
  const row = page.getByRole('row').filter({ hasText: email }).first();
  await row.waitFor();
  return row;
}
