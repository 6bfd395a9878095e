import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostedPage, localeFileOf } from './hosted-page.ts';

const LOCALES = path.resolve(import.meta.dirname, '../../../locales/vendor-simulator');
const options = { publicBase: 'http://sim.test/simulator', portalOrigin: 'http://portal.test' };
const input = { brand: 'Sumsub', vendor: 'sumsub', actionPath: '/simulator/sumsub/x', fields: {} };

describe("the simulated vendors' hosted page", () => {
  it('when a vendor passes its own language code, then our translation file of that language is used', () => {
    expect(localeFileOf(LOCALES, 'ar')).toBe(path.join(LOCALES, 'ar-SA.json'));
    expect(localeFileOf(LOCALES, 'zh-tw')).toBe(path.join(LOCALES, 'zh-TW.json'));
    expect(localeFileOf(LOCALES, 'de_DE')).toBe(path.join(LOCALES, 'de-DE.json'));
    expect(localeFileOf(LOCALES, '../../etc/passwd')).toBeUndefined();
  });

  it('when the language is Arabic, then the page is right-to-left and translated; unknown languages get English', () => {
    const arabic = hostedPage({ ...input, lang: 'ar' }, options);
    expect(arabic).toContain('dir="rtl"');
    expect(arabic).not.toContain('Verify your identity');
    const unknown = hostedPage({ ...input, lang: 'xx' }, options);
    expect(unknown).toContain('dir="ltr"');
    expect(unknown).toContain('Verify your identity');
    // Framed in the portal's page beside its own <main>: the landmark is named by the heading
    // (axe landmark-unique).
    expect(unknown).toMatch(/<main [^>]*aria-labelledby="sim-title"[\s\S]*<h1 id="sim-title">/);
  });

  it('when a field carries markup, then it is escaped', () => {
    const page = hostedPage({ ...input, lang: 'en', fields: { token: '"><script>x</script>' } }, options);
    expect(page).not.toContain('<script>x');
  });

  it('when shown, then it asks what the document says: every field labelled, the scenarios offered, translated', () => {
    const page = hostedPage({ ...input, lang: 'en' }, options);
    for (const name of ['docType', 'docCountry', 'docNumber', 'docFirstName', 'docLastName']) {
      expect(page, name).toMatch(new RegExp(`<label class="field">[^<]+<(input|select) name="${name}"`));
    }
    expect(page).toMatch(/<label class="field">Date of birth<input name="docBirthDate" type="date">/);
    expect(page).toContain('<option value="previous_document">The document read last');
    expect(page).toContain('What Sumsub reads (demo)');
    const arabic = hostedPage({ ...input, lang: 'ar' }, options);
    expect(arabic).not.toContain('What the document says');
    // Latin-only fields stay left-to-right inside the right-to-left page.
    expect(arabic).toMatch(/name="docNumber" [^>]*dir="ltr"/);
  });
});
