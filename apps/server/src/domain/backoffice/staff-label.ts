/**
 * How the back office names a staff member in a history or the audit log: the display name, else the
 * email; null when no such member exists (decision and audit rows name staff by id without a foreign
 * key, so a removed member stays readable as a number).
 */
export function staffLabel(displayName: string | null, email: string | null): string | null {
  return displayName?.trim() || email || null;
}
