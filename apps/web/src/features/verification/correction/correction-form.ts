/**
 * The correction step's form state and the request it sends (docs/checks.md "The correction step"):
 * per field asked, use the document's value (prefilled, editable) or keep the typed one with a reason;
 * or the zone's lines typed. The browser checks only what it can (required, characters, line count, a
 * document number's form);
 * the server decides the rest (dates, check digits) and answers 63006.
 */
import {
  checkDocumentNumber,
  checkNationality,
  CORRECTION_REASON_MAX,
  type CorrectionFieldAnswer,
  type DocumentCorrectionAsk,
  type SubmitDocumentCorrectionRequest,
} from '@kyc/contracts';

export interface FieldChoice {
  action: 'correct' | 'keep';
  value: string;
  reason: string;
}
export type FieldChoices = Record<string, FieldChoice>;
export type FieldErrors = Record<string, 'required' | 'tooLong' | 'format' | undefined>;

/** The form as it opens: correct with the document's value where allowed, else keep. */
export function initialChoices(ask: DocumentCorrectionAsk): FieldChoices {
  return Object.fromEntries(
    ask.fields.map((f) => [
      f.field,
      { action: f.correctable ? 'correct' : 'keep', value: f.correctable ? f.document : '', reason: '' },
    ]),
  );
}

/** Errors of the fields form; empty when it may be sent. */
export function fieldErrors(ask: DocumentCorrectionAsk, choices: FieldChoices): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of ask.fields) {
    const choice = choices[f.field];
    if (!choice) continue;
    const text = (choice.action === 'correct' ? choice.value : choice.reason).trim();
    if (text.length === 0) errors[f.field] = 'required';
    else if (choice.action === 'keep' && text.length > CORRECTION_REASON_MAX) errors[f.field] = 'tooLong';
    // D125: a corrected nationality or document number by the rules of submit (the server's too).
    else if (choice.action === 'correct' && f.field === 'nationality' && !checkNationality(text).ok)
      errors[f.field] = 'required';
    else if (choice.action === 'correct' && f.field === 'documentNumber' && !checkDocumentNumber(text).ok)
      errors[f.field] = 'format';
  }
  return errors;
}

export function fieldsRequest(
  ask: DocumentCorrectionAsk,
  choices: FieldChoices,
): SubmitDocumentCorrectionRequest {
  const answers: CorrectionFieldAnswer[] = ask.fields.map((f) => {
    const choice = choices[f.field] as FieldChoice;
    return choice.action === 'correct'
      ? { field: f.field, action: 'correct', value: choice.value.trim() }
      : { field: f.field, action: 'keep', reason: choice.reason.trim() };
  });
  return { kind: 'fields', submissionId: ask.submissionId, revision: ask.revision, answers };
}

/** The typed zone as lines: blank lines and spaces dropped, upper case (the server tolerates more). */
export function zoneLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, '').toUpperCase())
    .filter((line) => line.length > 0);
}

export type ZoneError = 'required' | 'characters' | 'lineCount' | undefined;

/** What the browser can say of typed lines before the check digits decide on the server. */
export function zoneError(text: string, lines: number, length: number): ZoneError {
  const typed = zoneLines(text);
  if (typed.length === 0) return 'required';
  if (typed.some((line) => !/^[A-Z0-9<«‹]+$/.test(line))) return 'characters';
  // The whole zone run together on one line is split by the server.
  if (typed.length !== lines && !(typed.length === 1 && typed[0]?.length === lines * length))
    return 'lineCount';
  return undefined;
}
