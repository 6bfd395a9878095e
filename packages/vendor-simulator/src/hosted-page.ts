/**
 * The hosted verification page every simulated vendor shows (docs/providers.md "The simulator"): the
 * document's sides and a selfie; what the document says (the simulator keeps no image, so the person types
 * what the vendor would read, and a demo scenario may change it: document-reading.ts, D118); then,
 * because this is a demo of a vendor, the decision the vendor will take: approve, ask to retry, or
 * reject for good. Text comes from locales/vendor-simulator/{lang}.json
 * (English when the language has no file); right-to-left for ar-SA. The page runs no inline script or
 * style (the portal's CSP applies when the simulator is mounted in it): hosted.js and hosted.css.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { SimulatorOptions } from './context.ts';
import { DOCUMENT_TYPES, FORM_FIELDS, SCENARIOS } from './document-reading.ts';

export interface HostedPageInput {
  /** The vendor's name as shown (Sumsub, Onfido, Jumio). */
  brand: string;
  vendor: string;
  /** Where the page posts the person's decision (a path of the simulator). */
  actionPath: string;
  /** Hidden fields posted with the decision (the session's token …). */
  fields: Record<string, string>;
  lang: string;
  /** Ask for the back of the document (an ID card). */
  withBack?: boolean;
}

const DOCUMENT_TYPE_KEYS = {
  passport: 'docTypePassport',
  id_card: 'docTypeIdCard',
  residence_permit: 'docTypeResidencePermit',
  driving_licence: 'docTypeDrivingLicence',
} as const;
const SCENARIO_KEYS = {
  as_typed: 'scenarioAsTyped',
  other_birth_date: 'scenarioOtherBirthDate',
  expired: 'scenarioExpired',
  previous_document: 'scenarioPreviousDocument',
} as const;

const DEFAULT_LOCALES = path.resolve(import.meta.dirname, '../../../locales/vendor-simulator');
const cache = new Map<string, Record<string, string>>();

/**
 * The translation file of a vendor's language code: the vendors' SDKs take short or lower-case codes
 * (Sumsub `ar`, `zh-tw`; Onfido `de_DE`; Jumio `ar`), our files are named ar-SA, zh-TW, de-DE.
 */
export function localeFileOf(dir: string, lang: string): string | undefined {
  const wanted = lang.replace('_', '-').toLowerCase();
  if (!/^[a-z]{2}(-[a-z]{2})?$/.test(wanted)) return undefined;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5));
  const found =
    files.find((f) => f.toLowerCase() === wanted) ??
    files.find((f) => f.toLowerCase().split('-')[0] === wanted.split('-')[0]);
  return found && path.join(dir, `${found}.json`);
}

function messages(dir: string, lang: string): Record<string, string> {
  const key = `${dir}|${lang}`;
  if (!cache.has(key)) {
    const file = localeFileOf(dir, lang);
    const english = JSON.parse(readFileSync(path.join(dir, 'en.json'), 'utf8')) as Record<string, string>;
    const own =
      file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
    cache.set(key, { ...english, ...own });
  }
  return cache.get(key) as Record<string, string>;
}

const escape = (v: string) =>
  v.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

export function hostedPage(input: HostedPageInput, options: SimulatorOptions): string {
  const t = messages(options.localesDir ?? DEFAULT_LOCALES, input.lang);
  const text = (k: string) => escape((t[k] ?? k).replaceAll('{brand}', input.brand));
  const dir = /^ar(\b|[-_])/i.test(input.lang) ? 'rtl' : 'ltr';
  const hidden = Object.entries(input.fields)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('');
  const textInput = (name: string, label: string, attributes: string) =>
    `<label class="field">${text(label)}<input name="${name}" ${attributes}></label>`;
  const select = (name: string, label: string, choices: [string, string][]) =>
    `<label class="field">${text(label)}<select name="${name}">${choices
      .map(([value, key]) => `<option value="${value}">${text(key)}</option>`)
      .join('')}</select></label>`;
  const latin = 'autocomplete="off" spellcheck="false" dir="ltr"';
  const documentFields = [
    select(
      FORM_FIELDS.type,
      'docType',
      DOCUMENT_TYPES.map((type) => [type, DOCUMENT_TYPE_KEYS[type]]),
    ),
    textInput(FORM_FIELDS.country, 'docCountry', `${latin} maxlength="3" autocapitalize="characters"`),
    textInput(FORM_FIELDS.number, 'docNumber', `${latin} maxlength="30"`),
    textInput(FORM_FIELDS.firstName, 'docFirstName', 'autocomplete="off" maxlength="100"'),
    textInput(FORM_FIELDS.lastName, 'docLastName', 'autocomplete="off" maxlength="100"'),
    textInput(FORM_FIELDS.dateOfBirth, 'docBirthDate', 'type="date"'),
    textInput(FORM_FIELDS.expiryDate, 'docExpiryDate', 'type="date"'),
    select(
      FORM_FIELDS.scenario,
      'docScenario',
      SCENARIOS.map((scenario) => [scenario, SCENARIO_KEYS[scenario]]),
    ),
  ].join('\n');
  const file = (name: string, label: string, capture: string) =>
    `<label class="field">${text(label)}<input type="file" name="${name}" accept="image/jpeg,image/png" capture="${capture}"></label>`;
  return `<!doctype html>
<html lang="${escape(input.lang)}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text('title')}</title>
<link rel="stylesheet" href="${escape(options.publicBase)}/assets/hosted.css">
<script src="${escape(options.publicBase)}/assets/hosted.js" defer></script>
</head>
<body data-vendor="${escape(input.vendor)}" data-portal-origin="${escape(options.portalOrigin)}">
<main class="sim" aria-labelledby="sim-title">
<p class="sim__brand">${text('brandLine')}</p>
<h1 id="sim-title">${text('title')}</h1>
<p class="sim__note">${text('simulatorNote')}</p>
<form class="sim__form" method="post" action="${escape(input.actionPath)}" enctype="multipart/form-data">
${hidden}
<fieldset><legend>${text('documentsLegend')}</legend>
${file('front', 'front', 'environment')}
${input.withBack === false ? '' : file('back', 'back', 'environment')}
${file('selfie', 'selfie', 'user')}
</fieldset>
<fieldset><legend>${text('documentDataLegend')}</legend>
<p class="sim__hint">${text('documentDataHint')}</p>
${documentFields}
</fieldset>
<fieldset><legend>${text('decisionLegend')}</legend>
<p class="sim__hint">${text('decisionHint')}</p>
<button type="submit" name="decision" value="approve" class="sim__btn sim__btn--primary">${text('approve')}</button>
<button type="submit" name="decision" value="retry" class="sim__btn">${text('retry')}</button>
<button type="submit" name="decision" value="final" class="sim__btn sim__btn--danger">${text('final')}</button>
</fieldset>
</form>
<p class="sim__done" role="status" hidden>${text('submitted')}</p>
</main>
</body>
</html>`;
}
