/**
 * How the back office names a staff member in a history or the audit log: the display name, else the
 * email; null when no such member exists (decision and audit rows name staff by id without a foreign
 * key, so a removed member stays readable as a number). A decision a verification vendor took (staff
 * id 0, `decided_by_provider` set) names the vendor instead: "Sumsub (automatic)".
 */
import { VERIFICATION_VENDORS, type VerificationVendor } from '@kyc/contracts';

export function staffLabel(displayName: string | null, email: string | null): string | null {
  return displayName?.trim() || email || null;
}

/** The vendor's own spelling of its name (brand names are not translated). */
export const VENDOR_BRANDS: Record<VerificationVendor, string> = {
  sumsub: 'Sumsub',
  onfido: 'Onfido',
  jumio: 'Jumio',
};

/** The vendor of an automatic decision, or null for a staff member's ('' and unknown values). */
export function decidingVendor(decidedByProvider: string | null | undefined): VerificationVendor | null {
  return (VERIFICATION_VENDORS as readonly string[]).includes(decidedByProvider ?? '')
    ? (decidedByProvider as VerificationVendor)
    : null;
}

/** Who took a decision: the vendor ("Sumsub (automatic)") when one did, else the staff member's label. */
export function deciderLabel(row: {
  decided_by_provider?: string | null;
  staff_display_name: string | null;
  staff_email: string | null;
}): string | null {
  const vendor = decidingVendor(row.decided_by_provider);
  if (vendor) return `${VENDOR_BRANDS[vendor]} (automatic)`;
  // Issue 19 (D102): the in-house provider's own decision (staff 0).
  if (row.decided_by_provider === 'default') return 'In-house checks (automatic)';
  return staffLabel(row.staff_display_name, row.staff_email);
}
