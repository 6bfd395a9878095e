import { DEFAULT_LANGUAGE } from '@kyc/contracts';

// The language the page currently shows. Kept outside i18next so that the HTTP client can send it as
// Accept-Language (spec §7) without depending on the translation library.
let current: string = DEFAULT_LANGUAGE;

export function currentLanguage(): string {
  return current;
}

export function setCurrentLanguage(code: string): void {
  current = code;
}
