/**
 * What a Jumio workflow execution, read from the retrieval API (GET {retrievalUrl}/api/v1/accounts/{id}/
 * workflow-executions/{id}), means for the person's level (docs/providers-jumio.md "Status and label
 * mapping"). The retrieval answer is the only source of an outcome: the callback is a notice. The
 * workflow's decision says whether the person passed; on a rejection, the capabilities' labels (usability,
 * imageChecks, similarity, liveness, dataChecks …) say why, and decide whether the rejection is final
 * (fraud: proposed as final, confirmed by a senior reviewer) or the person may try again.
 */
import type { KycRejectReasonCode } from '@kyc/contracts';
import type { MappedRejectReason, VendorDocumentData, VendorOutcome } from '../provider.ts';

interface Decision {
  type?: string;
  details?: { label?: string };
}
export interface JumioRetrieval {
  workflow?: { id?: string; status?: string; definitionKey?: string };
  account?: { id?: string };
  createdAt?: string;
  startedAt?: string;
  completedAt?: string;
  decision?: Decision;
  capabilities?: Record<string, { decision?: Decision; data?: JumioExtraction }[] | undefined>;
}

/** The extraction capability's data (Jumio KYX retrieval, `capabilities.extraction[].data`). */
export interface JumioExtraction {
  type?: string;
  /** ISO 3166-1 alpha-3. */
  issuingCountry?: string;
  firstName?: string;
  lastName?: string;
  /** YYYY-MM-DD. */
  dateOfBirth?: string;
  /** YYYY-MM-DD. */
  expiryDate?: string;
  documentNumber?: string;
}

/** Jumio labels → our reason codes (a label not listed maps to INCOMPLETE_DOCUMENTS, kept for staff). */
const LABELS: Record<string, KycRejectReasonCode> = {
  BAD_QUALITY: 'BLURRY_IMAGE',
  BLURRED: 'BLURRY_IMAGE',
  BAD_QUALITY_IMAGE: 'BLURRY_IMAGE',
  GLARE: 'BLURRY_IMAGE',
  BLACK_WHITE: 'BLURRY_IMAGE',
  DAMAGED_DOCUMENT: 'BLURRY_IMAGE',
  PART_OF_DOCUMENT_HIDDEN: 'BLURRY_IMAGE',
  FACE_NOT_FULLY_VISIBLE: 'BLURRY_IMAGE',
  EXPIRED: 'DOCUMENT_EXPIRED',
  DOCUMENT_EXPIRED: 'DOCUMENT_EXPIRED',
  NO_MATCH: 'SELFIE_MISMATCH',
  DIFFERENT_PERSON: 'SELFIE_MISMATCH',
  LIVENESS_UNDETERMINED: 'SELFIE_MISMATCH',
  ID_USED_AS_SELFIE: 'SELFIE_MISMATCH',
  MULTIPLE_PEOPLE: 'SELFIE_MISMATCH',
  NO_FACE_PRESENT: 'SELFIE_MISMATCH',
  FRAUD: 'SUSPECTED_FRAUD',
  MANIPULATED: 'SUSPECTED_FRAUD',
  MANIPULATED_DOCUMENT: 'SUSPECTED_FRAUD',
  DIGITAL_COPY: 'SUSPECTED_FRAUD',
  DIGITAL_MANIPULATION: 'SUSPECTED_FRAUD',
  FAKE: 'SUSPECTED_FRAUD',
  SAMPLE: 'SUSPECTED_FRAUD',
  WATERMARK: 'SUSPECTED_FRAUD',
  GHOST_IMAGE_DIFFERENT: 'SUSPECTED_FRAUD',
  MISMATCH_FRONT_BACK: 'SUSPECTED_FRAUD',
  MISMATCHING_DATAPOINTS: 'SUSPECTED_FRAUD',
  MISMATCH_HRZ_MRZ_DATA: 'SUSPECTED_FRAUD',
  MISMATCHING_DATA_REPEATED_FACE: 'SUSPECTED_FRAUD',
  MRZ_CHECKSUM: 'SUSPECTED_FRAUD',
  NFC_CERTIFICATE: 'SUSPECTED_FRAUD',
  MISSING_BACK: 'INCOMPLETE_DOCUMENTS',
  MISSING_PAGES: 'INCOMPLETE_DOCUMENTS',
  MISSING_PAGE: 'INCOMPLETE_DOCUMENTS',
  PART_OF_DOCUMENT_MISSING: 'INCOMPLETE_DOCUMENTS',
  MISSING_MANDATORY_DATAPOINTS: 'INCOMPLETE_DOCUMENTS',
  MISSING_SIGNATURE: 'INCOMPLETE_DOCUMENTS',
  NOT_UPLOADED: 'INCOMPLETE_DOCUMENTS',
  UNSUPPORTED_DOCUMENT_TYPE: 'UNSUPPORTED_DOCUMENT',
  UNSUPPORTED_COUNTRY: 'UNSUPPORTED_DOCUMENT',
  NOT_A_DOCUMENT: 'UNSUPPORTED_DOCUMENT',
  PHOTOCOPY: 'UNSUPPORTED_DOCUMENT',
  PUNCHED: 'UNSUPPORTED_DOCUMENT',
};

export function reasonCodeOf(label: string): KycRejectReasonCode {
  if (label.startsWith('MANIPULATED_')) return 'SUSPECTED_FRAUD';
  return LABELS[label] ?? 'INCOMPLETE_DOCUMENTS';
}

/** Labels that say nothing about why (a capability that passed or could not run). */
const NOT_A_REASON = new Set(['OK', 'MATCH', 'PRECONDITION_NOT_FULFILLED', 'TECHNICAL_ERROR', 'REJECTED']);

/** The reasons of a rejection: each capability's label that rejected or warned, fraud first, one per code. */
export function rejectReasonsOf(result: JumioRetrieval): MappedRejectReason[] {
  const reasons: MappedRejectReason[] = [];
  for (const [capability, runs] of Object.entries(result.capabilities ?? {})) {
    for (const run of runs ?? []) {
      const type = run.decision?.type;
      const label = run.decision?.details?.label;
      if ((type !== 'REJECTED' && type !== 'WARNING') || !label || NOT_A_REASON.has(label)) continue;
      reasons.push({ code: reasonCodeOf(label), vendorLabel: `${capability}:${label}` });
    }
  }
  const workflowLabel = result.decision?.details?.label;
  if (reasons.length === 0 && workflowLabel && !NOT_A_REASON.has(workflowLabel))
    reasons.push({ code: reasonCodeOf(workflowLabel), vendorLabel: workflowLabel });
  if (reasons.length === 0) reasons.push({ code: 'INCOMPLETE_DOCUMENTS', vendorLabel: 'REJECTED' });
  const seen = new Set<string>();
  return reasons
    .sort((a, b) => Number(b.code === 'SUSPECTED_FRAUD') - Number(a.code === 'SUSPECTED_FRAUD'))
    .filter((r) => !seen.has(r.code) && seen.add(r.code));
}

/** The outcome of a retrieval answer. */
export function outcomeOf(result: JumioRetrieval): VendorOutcome {
  const status = result.workflow?.status;
  // ACQUIRED: the person finished the web flow and Jumio is processing: in review, so that reconciliation
  // reads it again if the PROCESSED callback is lost.
  if (status === 'ACQUIRED') return { kind: 'pending' };
  if (status !== 'PROCESSED') return { kind: 'none' };
  switch (result.decision?.type) {
    case 'PASSED':
      return { kind: 'approved' };
    case 'WARNING':
      return { kind: 'on_hold' };
    case 'REJECTED': {
      const reasons = rejectReasonsOf(result);
      const reviewerNote = `Jumio REJECTED (${result.decision.details?.label ?? 'no label'}): ${reasons
        .map((r) => r.vendorLabel)
        .join(', ')}`.slice(0, 500);
      const kind = reasons.some((r) => r.code === 'SUSPECTED_FRAUD') ? 'rejected_final' : 'rejected_retry';
      return { kind, reasons, userMessage: '', reviewerNote };
    }
    default:
      // NOT_EXECUTED (nothing uploaded, a technical error): nothing to decide; the person tries again.
      return { kind: 'none' };
  }
}

/** A stable key of the result: the same answer read twice applies once. */
export function resultKeyOf(executionId: string, result: JumioRetrieval): string {
  return `${executionId}:${result.workflow?.status ?? 'UNKNOWN'}:${result.decision?.type ?? 'NONE'}`;
}

/** The vendor's time of the result: completion, else start, else creation (Jumio's clock). */
export function resultTimeOf(result: JumioRetrieval): number | undefined {
  for (const value of [result.completedAt, result.startedAt, result.createdAt]) {
    const at = value ? Date.parse(value) : Number.NaN;
    if (Number.isFinite(at)) return at;
  }
  return undefined;
}

/**
 * What Jumio's extraction read from the document (issue 19, D112): the first extraction run with data
 * that passed, mapped to the vendor-neutral reading; null when there is none.
 */
export function documentOfRetrieval(result: JumioRetrieval): VendorDocumentData | null {
  const run = (result.capabilities?.extraction ?? []).find((r) => r.data && r.decision?.type === 'PASSED');
  const data = run?.data;
  if (!data) return null;
  const text = (value: string | undefined) => (value && value.trim() ? value.trim() : null);
  return {
    firstName: text(data.firstName),
    lastName: text(data.lastName),
    dateOfBirth: text(data.dateOfBirth),
    documentNumber: text(data.documentNumber),
    issuingCountry: text(data.issuingCountry),
    documentType: text(data.type),
    expiryDate: text(data.expiryDate),
  };
}
