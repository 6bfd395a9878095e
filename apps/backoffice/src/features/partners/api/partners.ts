/**
 * Partners endpoints (docs/sdk.md "Signed partner calls"): the cursor-paged list, a new partner, an
 * edit on the updatedAt read (54014 when it moved on), and the secrets: a new one (answered once) and
 * the revocation of one.
 */
import type {
  PartnerCreateRequest,
  PartnerEntry,
  PartnerList,
  PartnerPatch,
  PartnerSecretResult,
} from '@kyc/contracts';
import { api } from '../../../lib/api-client.ts';

export type { PartnerEntry, PartnerList, PartnerSecretResult };

export const PARTNERS_PAGE_SIZE = 20;

/** GET /backoffice/api/partners (admin): the page after `cursor`. */
export function fetchPartners(cursor: string | null, signal?: AbortSignal): Promise<PartnerList> {
  const params = new URLSearchParams({ limit: String(PARTNERS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get<PartnerList>(`/partners?${params.toString()}`, { signal });
}

/** POST /backoffice/api/partners (admin, audited as partners.create). */
export function createPartner(input: PartnerCreateRequest): Promise<PartnerSecretResult> {
  return api.post<PartnerSecretResult>('/partners', input);
}

/** PATCH /backoffice/api/partners/:id (admin, audited as partners.update). */
export function patchPartner(id: string, change: PartnerPatch): Promise<PartnerEntry> {
  return api.patch<PartnerEntry>(`/partners/${encodeURIComponent(id)}`, change);
}

/** POST …/secrets (admin, audited as partners.secret_rotated): the new secret, shown once. */
export function rotateSecret(partner: PartnerEntry): Promise<PartnerSecretResult> {
  return api.post<PartnerSecretResult>(`/partners/${encodeURIComponent(partner.id)}/secrets`, {
    updatedAt: partner.updatedAt,
  });
}

/** POST …/secrets/:secretId/revoke (admin, audited as partners.secret_revoked). */
export function revokeSecret(partner: PartnerEntry, secretId: number): Promise<PartnerEntry> {
  return api.post<PartnerEntry>(`/partners/${encodeURIComponent(partner.id)}/secrets/${secretId}/revoke`, {
    updatedAt: partner.updatedAt,
  });
}

/** The origins typed one per line, blanks dropped. */
export function originsOf(text: string): string[] {
  return text
    .split(/\s+/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The rule the server applies (54015): an https origin in canonical form, listed once. */
export function originsValid(origins: readonly string[]): boolean {
  const ok = origins.every((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.origin === value;
    } catch {
      return false;
    }
  });
  return ok && new Set(origins).size === origins.length;
}
