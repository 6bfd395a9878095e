/**
 * Issue 19, the person's correction step (docs/checks.md "The correction step", D100–D101): when the
 * document checks of an in-house level-1 submission find that a typed field disagrees with the MRZ, or
 * read no zone, the person is asked — on the verification screens — to correct what they typed (shown
 * what the document says) or keep it with a reason, or to type the zone's lines. `document-correction`
 * reads what is asked; `submit-document-correction` answers it (Idempotency-Key, one answer per
 * revision: the compare-and-set that lets exactly one of two concurrent answers win).
 */
import { z } from 'zod';
import { DATA_MATCH_FIELDS, MRZ_UNREADABLE_REASONS } from './backoffice-checks.ts';

/** Fields the person typed in the level-1 flow and may be asked about. */
export const CORRECTION_FIELDS = [
  'lastName',
  'firstName',
  'dateOfBirth',
  'nationality',
  'issuingCountry',
  'documentNumber',
  'documentType',
] as const;
export type CorrectionField = (typeof CORRECTION_FIELDS)[number];

/**
 * Fields the person may change here; the others (the document's country and type) may only be kept.
 * Nationality and the document number (D125) are corrected on the submission's sealed details.
 */
export const CORRECTABLE_FIELDS = [
  'lastName',
  'firstName',
  'dateOfBirth',
  'nationality',
  'documentNumber',
] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];

/** How many answers a submission takes at most (the last answer closes the step whatever it says). */
export const MAX_CORRECTION_ANSWERS = 3;

/** A kept value's reason: a short sentence for the reviewer. */
export const CORRECTION_REASON_MAX = 300;

/** What is asked: fields that disagree with the MRZ, or the zone's lines when none could be read. */
export const documentCorrectionAsk = z.object({
  submissionId: z.number().int(),
  /** The answer must name it: answers to an older revision are refused (63005). */
  revision: z.number().int().min(0),
  kind: z.enum(['fields', 'mrz']),
  /** kind fields: each disagreeing field, what the person typed and what the document says. */
  fields: z.array(
    z.object({
      field: z.enum(CORRECTION_FIELDS),
      typed: z.string(),
      document: z.string(),
      /** false: the value can only be kept with a reason (the document's country and type). */
      correctable: z.boolean(),
    }),
  ),
  /** kind mrz: why no zone was read, and how many lines of how many characters the document has. */
  mrz: z
    .object({
      reason: z.enum(MRZ_UNREADABLE_REASONS),
      lines: z.number().int(),
      length: z.number().int(),
    })
    .nullable(),
});
export type DocumentCorrectionAsk = z.infer<typeof documentCorrectionAsk>;

/** POST document-correction: null when nothing is asked (no run, checks pending or passing, answered). */
export const documentCorrectionResult = z.object({
  correction: documentCorrectionAsk.nullable(),
  /** The checks of the latest level-1 submission are still running: ask again shortly. */
  pending: z.boolean(),
});
export type DocumentCorrectionResult = z.infer<typeof documentCorrectionResult>;

const fieldAnswer = z.discriminatedUnion('action', [
  z.strictObject({
    field: z.enum(CORRECTION_FIELDS),
    action: z.literal('correct'),
    /** The value as on the document, as the person types it (a date YYYY-MM-DD, a nationality alpha-2). */
    value: z.string().max(200),
  }),
  z.strictObject({
    field: z.enum(CORRECTION_FIELDS),
    action: z.literal('keep'),
    reason: z.string().max(CORRECTION_REASON_MAX * 2),
  }),
]);
export type CorrectionFieldAnswer = z.infer<typeof fieldAnswer>;

/** POST submit-document-correction (header Idempotency-Key). */
export const submitDocumentCorrectionRequest = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('fields'),
    submissionId: z.number().int(),
    revision: z.number().int().min(0),
    /** One answer per field asked, no other. */
    answers: z.array(fieldAnswer).max(CORRECTION_FIELDS.length * 2),
  }),
  z.strictObject({
    kind: z.literal('mrz'),
    submissionId: z.number().int(),
    revision: z.number().int().min(0),
    /** The two or three lines as printed under the photo, one per line. */
    lines: z.string().max(400),
  }),
  z.strictObject({
    /** The person cannot read the zone (worn, covered): the reviewer compares by eye. */
    kind: z.literal('mrz_declined'),
    submissionId: z.number().int(),
    revision: z.number().int().min(0),
  }),
]);
export type SubmitDocumentCorrectionRequest = z.infer<typeof submitDocumentCorrectionRequest>;

export const submitDocumentCorrectionResult = z.object({
  /** The revision this answer made. */
  revision: z.number().int(),
  /** data_match after the answer, evaluated again. */
  dataMatch: z.enum(['pass', 'fail', 'not_run']),
  /** What is asked next (a typed zone that disagrees with a typed field asks about the field), or null. */
  next: documentCorrectionAsk.nullable(),
});
export type SubmitDocumentCorrectionResult = z.infer<typeof submitDocumentCorrectionResult>;

/** The back office's view of one answer: what was first typed, the document, the answer. */
export const caseCheckCorrection = z.object({
  revision: z.number().int(),
  kind: z.enum(['fields', 'mrz', 'mrz_declined']),
  at: z.number().int(),
  fields: z.array(
    z.object({
      field: z.enum(DATA_MATCH_FIELDS),
      /** What the person had typed before this answer. */
      typed: z.string().nullable(),
      document: z.string().nullable(),
      action: z.enum(['correct', 'keep']),
      /** The corrected value (correct) or null. */
      value: z.string().nullable(),
      /** Why the person kept their value (keep) or null. */
      reason: z.string().nullable(),
    }),
  ),
  /** kind mrz: the lines as the person typed them (normalised), and whether their check digits passed. */
  mrzLines: z.array(z.string()).nullable(),
  /** data_match after this answer. */
  dataMatch: z.enum(['pass', 'fail', 'not_run']),
});
export type CaseCheckCorrection = z.infer<typeof caseCheckCorrection>;
