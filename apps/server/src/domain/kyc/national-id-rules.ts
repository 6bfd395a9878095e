/**
 * Formats of the national identity numbers a vendor checks against the issuing registry (docs/kyc.md
 * "Vendor (non-document) verification"). Pure: no I/O. The format check runs before anything is sent
 * to a vendor or stored, so a typo is answered at once (10001 naming idNumber) and costs no lookup.
 *
 * - BVN (Nigeria, Bank Verification Number, CBN): 11 digits.
 * - NIN (Nigeria, National Identification Number, NIMC): 11 digits.
 * - KE_NATIONAL_ID (Kenya, national ID card number): 7 or 8 digits.
 * - GHANA_CARD (Ghana, GhanaCard PIN, NIA): GHA-, 9 digits, -, 1 check digit, e.g. GHA-123456789-0.
 */
import type { VendorIdType } from '@kyc/contracts';

interface IdFormat {
  pattern: RegExp;
  /** What the ret_msg says the format is (developer-facing; users see the translated code). */
  describe: string;
  /** Spaces and dashes people type between groups that the format does not keep. */
  normalize: (raw: string) => string;
}

const digitsOnly = (raw: string) => raw.replace(/[\s-]/g, '');

export const ID_FORMATS: Record<VendorIdType, IdFormat> = {
  BVN: { pattern: /^\d{11}$/, describe: '11 digits', normalize: digitsOnly },
  NIN: { pattern: /^\d{11}$/, describe: '11 digits', normalize: digitsOnly },
  KE_NATIONAL_ID: { pattern: /^\d{7,8}$/, describe: '7 or 8 digits', normalize: digitsOnly },
  GHANA_CARD: {
    pattern: /^GHA-\d{9}-\d$/,
    describe: 'GHA-, 9 digits, -, 1 check digit (GHA-123456789-0)',
    normalize: (raw) => raw.replace(/\s/g, '').toUpperCase(),
  },
};

export type IdNumberCheck = { ok: true; idNumber: string } | { ok: false; reason: string };

/** The number in its stored form, or why its format is wrong for the id type. */
export function checkIdNumber(idType: VendorIdType, raw: string): IdNumberCheck {
  const format = ID_FORMATS[idType];
  const idNumber = format.normalize(raw.trim());
  return format.pattern.test(idNumber)
    ? { ok: true, idNumber }
    : { ok: false, reason: `${idType} is ${format.describe}` };
}

/** The number as staff and the person may see it again: every digit but the last four hidden. */
export function maskIdNumber(idNumber: string): string {
  const digits = [...idNumber].filter((c) => /\d/.test(c)).length;
  let hide = Math.max(0, digits - 4);
  return [...idNumber]
    .map((c) => {
      if (hide > 0 && /\d/.test(c)) {
        hide -= 1;
        return '*';
      }
      return c;
    })
    .join('');
}
