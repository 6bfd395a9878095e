/**
 * The wizard's answers across a reload (issue 10, part 4): the step and the non-file answers (country,
 * document type, the details, the document's nationality and number, the address, the consent boxes)
 * in sessionStorage, keyed by user, level and flow, cleared after the submission. sessionStorage, not localStorage: it ends with the tab, so
 * nothing personal outlives the session on a shared device; file bytes are never stored (uploads are
 * asked again after a reload, and the ones left on the server are swept after 24 h).
 */
import type { DocumentType, KycStepLevel } from '@kyc/contracts';
import type { DocumentDetails } from './document-details';
import type { PersonalDetails } from './personal-details';
import type { ResidenceAddressDraft } from './residence-address';

export interface CaptureDraft {
  stepIndex: number;
  country: string;
  documentType: DocumentType | null;
  details?: PersonalDetails;
  /** Level 1: the nationality and document number (D125). */
  document?: DocumentDetails;
  address?: ResidenceAddressDraft;
  consent?: { privacy: boolean; declaration: boolean };
}

const PREFIX = 'kyc-capture-draft';

export function draftKey(userId: string | number | undefined, level: KycStepLevel, reverification: boolean) {
  return `${PREFIX}:${String(userId ?? 'anonymous')}:${level}:${reverification ? 'reverify' : 'level'}`;
}

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null; // storage disabled (privacy settings): the wizard simply starts over after a reload
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The saved draft, or null when none or unreadable (never throws). */
export function loadDraft(key: string): CaptureDraft | null {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (!isRecord(value) || typeof value.stepIndex !== 'number' || typeof value.country !== 'string')
      return null;
    return value as unknown as CaptureDraft;
  } catch {
    return null;
  }
}

export function saveDraft(key: string, draft: CaptureDraft): void {
  try {
    storage()?.setItem(key, JSON.stringify(draft));
  } catch {
    // quota or disabled storage: the draft is a convenience, the flow goes on without it
  }
}

export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // as above
  }
}
