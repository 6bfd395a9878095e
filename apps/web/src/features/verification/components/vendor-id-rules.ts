import type { VendorIdType } from '@kyc/contracts';

/**
 * Non-document verification (docs/kyc.md "Vendor (non-document) verification"): which national
 * identity numbers each country offers, and their format. This mirrors the server's table so the user
 * hears about a typo at once; the server checks again and is authoritative (10001 naming idNumber).
 */
export const VENDOR_COUNTRIES = {
  NG: ['BVN', 'NIN'],
  KE: ['KE_NATIONAL_ID'],
  GH: ['GHANA_CARD'],
} as const satisfies Record<string, readonly VendorIdType[]>;
export type VendorCountry = keyof typeof VENDOR_COUNTRIES;

export const VENDOR_ID_FORMATS: Record<VendorIdType, RegExp> = {
  /** Nigeria's Bank Verification Number: 11 digits. */
  BVN: /^\d{11}$/,
  /** Nigeria's National Identification Number: 11 digits. */
  NIN: /^\d{11}$/,
  /** Kenya's national ID card number: 7 or 8 digits. */
  KE_NATIONAL_ID: /^\d{7,8}$/,
  /** Ghana card PIN: GHA-, 9 digits, a dash and a check digit. */
  GHANA_CARD: /^GHA-\d{9}-\d$/,
};

export function isVendorCountry(code: string): code is VendorCountry {
  return Object.hasOwn(VENDOR_COUNTRIES, code);
}

/** The number as sent: spaces removed, letters upper-cased (people type "gha 123…"). */
export function normalizeIdNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export function isValidIdNumber(idType: VendorIdType, value: string): boolean {
  return VENDOR_ID_FORMATS[idType].test(normalizeIdNumber(value));
}

/** Digits only: the numeric keyboard on phones. */
export function isNumericIdType(idType: VendorIdType): boolean {
  return idType !== 'GHANA_CARD';
}
