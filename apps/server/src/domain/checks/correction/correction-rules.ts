/**
 * The rules of the correction step (issue 19; docs/checks.md "The correction step", D100): what the
 * person is asked after the document checks of their level-1 submission, and which answers are
 * accepted. Pure: the use-case (correction-service.ts) reads the checks and the answers and stores.
 *
 * Asked, in this order, while the submission is under review and fewer than MAX_CORRECTION_ANSWERS
 * answers were given: the zone's lines when OCR read none (not for a driving licence, which has no
 * zone) unless the person already typed or declined them; else each typed field that disagrees with
 * the MRZ and was not kept with a reason in an earlier answer.
 */
import {
  checkDocumentNumber,
  checkNationality,
  CORRECTABLE_FIELDS,
  CORRECTION_FIELDS,
  CORRECTION_REASON_MAX,
  MAX_CORRECTION_ANSWERS,
  type CaseCheck,
  type CorrectionField,
  type CorrectionFieldAnswer,
  type DocumentCorrectionAsk,
  type DocumentType,
} from '@kyc/contracts';
import { AppError } from '../../../lib/app-error.ts';
import { isAdultOn } from '../../kyc/submission-service.ts';
import type { TypedIdentity } from '../mrz/compare-typed.ts';

/** An earlier answer as stored in clear: its kind and which fields it answered how. */
export interface StoredAnswer {
  kind: 'fields' | 'mrz' | 'mrz_declined';
  fields: { field: string; action: 'correct' | 'keep' }[];
}

export interface AskInputs {
  submissionId: number;
  documentType: DocumentType;
  /** The stored checks with their evidence opened (case-checks.ts). */
  checks: readonly CaseCheck[];
  answers: readonly StoredAnswer[];
}

/** Lines and characters per line of the zone a document type carries (TD3 passports, TD1 cards). */
export function zoneShape(documentType: DocumentType): { lines: number; length: number } {
  return documentType === 'PASSPORT' ? { lines: 2, length: 44 } : { lines: 3, length: 30 };
}

const isCorrectable = (field: CorrectionField) => (CORRECTABLE_FIELDS as readonly string[]).includes(field);
const isAskable = (field: string): field is CorrectionField =>
  (CORRECTION_FIELDS as readonly string[]).includes(field);

/** The zone's lines as the MRZ check stored them (sealed evidence, opened), if any. */
export function storedZone(checks: readonly CaseCheck[]): string[] | null {
  const mrz = checks.find((c) => c.name === 'mrz');
  return mrz?.detail.code === 'mrz_read' && mrz.detail.lines ? mrz.detail.lines : null;
}

/** What the person is asked now, or null. */
export function askOf(inputs: AskInputs): DocumentCorrectionAsk | null {
  const { checks, answers } = inputs;
  if (answers.length >= MAX_CORRECTION_ANSWERS) return null;
  const base = { submissionId: inputs.submissionId, revision: answers.length };
  const mrz = checks.find((c) => c.name === 'mrz');
  const zoneAnswered = answers.some((a) => a.kind === 'mrz' || a.kind === 'mrz_declined');
  if (
    mrz?.outcome === 'warn' &&
    mrz.detail.code === 'mrz_not_readable' &&
    inputs.documentType !== 'DRIVERS' &&
    !zoneAnswered
  )
    return {
      ...base,
      kind: 'mrz',
      fields: [],
      mrz: { reason: mrz.detail.reason, ...zoneShape(inputs.documentType) },
    };
  const match = checks.find((c) => c.name === 'data_match');
  // A comparison can be made again only from the zone's stored lines.
  if (match?.outcome !== 'fail' || match.detail.code !== 'data_compared' || !storedZone(checks)) return null;
  const kept = new Set(
    answers.flatMap((a) => a.fields.filter((f) => f.action === 'keep').map((f) => f.field)),
  );
  const fields = match.detail.fields.flatMap((f) => {
    if (f.outcome !== 'disagrees' || !isAskable(f.field) || kept.has(f.field)) return [];
    if (f.typed === null || f.document === null) return [];
    return [{ field: f.field, typed: f.typed, document: f.document, correctable: isCorrectable(f.field) }];
  });
  return fields.length > 0 ? { ...base, kind: 'fields', fields, mrz: null } : null;
}

const invalid = (message: string) => new AppError('KYC_CORRECTION_INVALID', message);
const CONTROL = /\p{Cc}/u;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function realDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
}

/** A corrected value, trimmed; refused (63006) when empty, impossible or unchanged. */
function correctedValue(field: CorrectionField, raw: string, typed: string, at: number): string {
  let value = raw.trim().normalize('NFC');
  if (field === 'dateOfBirth') {
    if (!realDate(value)) throw invalid(`${field}: a date YYYY-MM-DD that exists`);
    if (!isAdultOn(value, at)) throw invalid(`${field}: the date of birth of someone at least 18`);
  } else if (field === 'nationality') {
    // D125: the rules of submit (contracts document-details.ts), refused here as 63006.
    const nationality = checkNationality(value);
    if (!nationality.ok) throw invalid(`${field}: an ISO 3166-1 alpha-2 country code`);
    value = nationality.value;
  } else if (field === 'documentNumber') {
    const number = checkDocumentNumber(value);
    if (!number.ok) throw invalid(`${field}: 1 to 20 characters of A-Z, 0-9 and -`);
    value = number.value;
  } else if (value.length === 0 || value.length > 100 || CONTROL.test(value)) {
    throw invalid(`${field}: 1 to 100 characters`);
  }
  if (value === typed) throw invalid(`${field}: the same as typed; keep it with a reason instead`);
  return value;
}

export interface CheckedAnswer {
  field: CorrectionField;
  typed: string;
  document: string;
  action: 'correct' | 'keep';
  value: string | null;
  reason: string | null;
}

/** Every field asked answered once, nothing else; each value or reason in form. Refused: 63006. */
export function checkFieldAnswers(
  ask: DocumentCorrectionAsk,
  answers: readonly CorrectionFieldAnswer[],
  at: number,
): CheckedAnswer[] {
  const seen = new Set<string>();
  for (const a of answers) {
    if (seen.has(a.field)) throw invalid(`answers: ${a.field} is answered twice`);
    seen.add(a.field);
    if (!ask.fields.some((f) => f.field === a.field)) throw invalid(`answers: ${a.field} was not asked`);
  }
  return ask.fields.map((asked) => {
    const answer = answers.find((a) => a.field === asked.field);
    if (!answer) throw invalid(`answers: ${asked.field} is not answered`);
    if (answer.action === 'keep') {
      const reason = answer.reason.trim();
      if (reason.length < 3 || reason.length > CORRECTION_REASON_MAX || CONTROL.test(reason))
        throw invalid(`${asked.field}: a reason of 3 to ${CORRECTION_REASON_MAX} characters`);
      return { ...asked, action: 'keep', value: null, reason };
    }
    if (!asked.correctable) throw invalid(`${asked.field}: can only be kept with a reason`);
    return {
      ...asked,
      action: 'correct',
      value: correctedValue(asked.field, answer.value, asked.typed, at),
      reason: null,
    };
  });
}

/** What the person typed once the corrections are applied. */
export function typedAfter(typed: TypedIdentity, answers: readonly CheckedAnswer[]): TypedIdentity {
  const next = { ...typed };
  for (const a of answers) {
    if (a.action !== 'correct' || a.value === null) continue;
    if (
      a.field === 'firstName' ||
      a.field === 'lastName' ||
      a.field === 'dateOfBirth' ||
      a.field === 'nationality' ||
      a.field === 'documentNumber'
    )
      next[a.field] = a.value;
  }
  return next;
}
