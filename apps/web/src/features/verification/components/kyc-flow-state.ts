/**
 * The verification wizard's state as one pure reducer (kyc-flow.tsx dispatches, this decides): which
 * step is shown, the answers (the document's nationality and number too, D125), the uploads, and the
 * submission attempt. It guarantees the wizard's
 * rules in one place: changing what is submitted drops the Idempotency-Key (the next submission is a
 * new attempt), a new country or document type drops the document uploads but keeps the selfie, and
 * a reload never reopens past the first capture step (files are never kept in the browser).
 */
import type { DocumentSide, DocumentType, KycInfo, KycStepLevel, SubmitKycResult } from '@kyc/contracts';
import type { UploadDocumentResult } from '../capture/upload-document';
import type { ConsentChoice } from './capture-consent-step';
import type { CaptureDraft } from './capture-draft';
import {
  emptyDocumentDetails,
  suggestedNationality,
  type DocumentDetails,
  type DocumentDetailsErrors,
} from './document-details';
import type { PersonalDetails, PersonalDetailsErrors } from './personal-details';
import { emptyAddress, type ResidenceAddressDraft, type ResidenceAddressErrors } from './residence-address';

export type FlowStep =
  'country' | 'details' | 'documentType' | DocumentSide | 'consent' | 'address' | 'review';

/**
 * The steps of a flow (docs/kyc.md sides): level 1 country → the name and date of birth (not in a
 * re-verification: the verified identity stays) → document type → front (+ back unless PASSPORT) →
 * selfie → consent and declaration → review; level 2 residence address → proof of address → review.
 * Before a type is chosen the back is counted, as most documents have one.
 */
export function flowSteps(
  level: KycStepLevel,
  documentType: DocumentType | null,
  { details = true }: { details?: boolean } = {},
): FlowStep[] {
  if (level === 2) return ['address', 'poa', 'review'];
  return [
    'country',
    ...(details ? (['details'] as const) : []),
    'documentType',
    'front',
    ...(documentType === 'PASSPORT' ? [] : (['back'] as const)),
    'selfie',
    'consent',
    'review',
  ];
}

const CAPTURE_STEPS: ReadonlySet<FlowStep> = new Set<FlowStep>(['front', 'back', 'selfie', 'poa']);

export function isCaptureStep(step: FlowStep): step is DocumentSide {
  return CAPTURE_STEPS.has(step);
}

/**
 * The step to reopen after a reload: the saved one, but never past the first capture step, whose
 * upload (a file, never kept in the browser) must be made again.
 */
function restoredStep(steps: readonly FlowStep[], saved: number): number {
  const firstCapture = steps.findIndex(isCaptureStep);
  const limit = firstCapture === -1 ? steps.length - 1 : firstCapture;
  return Math.max(0, Math.min(Math.floor(saved), limit));
}

export type Uploaded = { result: UploadDocumentResult; file: Blob };

export interface KycFlowState {
  level: KycStepLevel;
  /** Re-verification: no details step (the verified identity stays). */
  reverification: boolean;
  /** As saved (the shown step is clamped to the steps there are: see currentStep). */
  stepIndex: number;
  country: string;
  documentType: DocumentType | null;
  /** D125: the nationality and document number asked with the document type (level 1). */
  document: DocumentDetails;
  documentErrors: DocumentDetailsErrors;
  uploads: Partial<Record<DocumentSide, Uploaded>>;
  details: PersonalDetails;
  detailsErrors: PersonalDetailsErrors;
  savingDetails: boolean;
  detailsError: string | null;
  consent: ConsentChoice;
  address: ResidenceAddressDraft;
  addressErrors: ResidenceAddressErrors;
  /** The key of the current submission attempt, kept for every retry of it. */
  idempotencyKey: string | null;
  submitting: boolean;
  submitError: string | null;
  submitted: SubmitKycResult | null;
}

export type KycFlowEvent =
  | { type: 'countryChosen'; country: string }
  | { type: 'documentTypeChosen'; documentType: DocumentType }
  | { type: 'documentEdited'; document: DocumentDetails }
  /** The document step's Continue, checked by checkDocumentDetails: with errors it stays. */
  | { type: 'documentContinued'; errors: DocumentDetailsErrors }
  | { type: 'uploaded'; side: DocumentSide; upload: Uploaded }
  | { type: 'uploadCleared'; side: DocumentSide }
  | { type: 'detailsEdited'; details: PersonalDetails }
  /** The details step's Continue, checked by checkPersonalDetails: with errors it stays, else it saves. */
  | { type: 'detailsContinued'; errors: PersonalDetailsErrors }
  | { type: 'detailsSaved' }
  | { type: 'detailsSaveFailed'; message: string }
  | { type: 'addressEdited'; address: ResidenceAddressDraft }
  /** The address step's Continue, checked by checkResidenceAddress (the server checks again). */
  | { type: 'addressContinued'; errors: ResidenceAddressErrors }
  | { type: 'consentChanged'; consent: ConsentChoice }
  | { type: 'next' }
  | { type: 'back' }
  /** The key is made by the caller (random): the attempt's key, or a new one when there is none. */
  | { type: 'submitStarted'; idempotencyKey: string }
  | { type: 'submitSucceeded'; result: SubmitKycResult }
  | { type: 'submitFailed'; message: string };

export interface KycFlowStart {
  level: KycStepLevel;
  reverification: boolean;
  info: KycInfo;
  /** The answers saved before a reload (capture-draft.ts), or null. */
  draft: CaptureDraft | null;
}

/** The wizard's first state: the saved draft when there is one, else what kyc-info already knows. */
export function initKycFlow({ level, reverification, info, draft }: KycFlowStart): KycFlowState {
  return {
    level,
    reverification,
    stepIndex: draft
      ? restoredStep(flowSteps(level, draft.documentType, { details: !reverification }), draft.stepIndex)
      : 0,
    country: draft?.country ?? (info.applicant?.country || info.residenceCountry || ''),
    documentType: draft?.documentType ?? null,
    document: draft?.document ?? emptyDocumentDetails(),
    documentErrors: {},
    uploads: {},
    details: draft?.details ?? {
      firstName: info.applicant?.firstname ?? '',
      lastName: info.applicant?.lastname ?? '',
      dateOfBirth: '',
    },
    detailsErrors: {},
    savingDetails: false,
    detailsError: null,
    consent: draft?.consent ?? { privacy: false, declaration: false },
    address: draft?.address ?? emptyAddress(info.residenceCountry || ''),
    addressErrors: {},
    idempotencyKey: null,
    submitting: false,
    submitError: null,
    submitted: null,
  };
}

/** The steps this state walks through (they depend on the document type: a passport has no back). */
export function stepsOf(state: KycFlowState): FlowStep[] {
  return flowSteps(state.level, state.documentType, { details: !state.reverification });
}

/** The step shown: the saved index, clamped when the steps got fewer (a passport chosen after a back). */
export function currentStep(state: KycFlowState): FlowStep {
  const steps = stepsOf(state);
  return steps[Math.min(state.stepIndex, steps.length - 1)] as FlowStep;
}

/** What is submitted changed: the next submission is a new attempt with a new key. */
function changed(state: KycFlowState): KycFlowState {
  return { ...state, idempotencyKey: null, submitError: null };
}

/** Moves `by` steps from the step shown. */
function move(state: KycFlowState, by: 1 | -1): KycFlowState {
  return { ...state, stepIndex: stepsOf(state).indexOf(currentStep(state)) + by };
}

const hasErrors = (errors: object) => Object.keys(errors).length > 0;

export function kycFlowReducer(state: KycFlowState, event: KycFlowEvent): KycFlowState {
  switch (event.type) {
    case 'countryChosen':
      if (event.country === state.country) return state;
      return changed({
        ...state,
        country: event.country,
        documentType: null,
        uploads: { selfie: state.uploads.selfie },
      });
    case 'documentTypeChosen':
      if (event.documentType === state.documentType) return state;
      return changed({
        ...state,
        documentType: event.documentType,
        document: {
          ...state.document,
          nationality: suggestedNationality(state.document, event.documentType, state.country),
        },
        uploads: { selfie: state.uploads.selfie },
      });
    case 'documentEdited':
      return changed({ ...state, document: event.document });
    case 'documentContinued':
      if (hasErrors(event.errors)) return { ...state, documentErrors: event.errors };
      return move({ ...state, documentErrors: event.errors }, 1);
    case 'uploaded':
      return changed({ ...state, uploads: { ...state.uploads, [event.side]: event.upload } });
    case 'uploadCleared':
      return changed({
        ...state,
        uploads: Object.fromEntries(Object.entries(state.uploads).filter(([side]) => side !== event.side)),
      });
    case 'detailsEdited':
      return { ...state, details: event.details };
    case 'detailsContinued':
      return {
        ...state,
        detailsErrors: event.errors,
        detailsError: null,
        savingDetails: !hasErrors(event.errors),
      };
    case 'detailsSaved':
      // The step after the details one, even if Back was pressed while the details were being stored.
      return changed({ ...state, savingDetails: false, stepIndex: stepsOf(state).indexOf('details') + 1 });
    case 'detailsSaveFailed':
      return { ...state, savingDetails: false, detailsError: event.message };
    case 'addressEdited':
      return { ...state, address: event.address };
    case 'addressContinued':
      if (hasErrors(event.errors)) return { ...state, addressErrors: event.errors };
      return move(changed({ ...state, addressErrors: event.errors }), 1);
    case 'consentChanged':
      return changed({ ...state, consent: event.consent });
    case 'next':
      return move(state, 1);
    case 'back':
      return move(state, -1);
    case 'submitStarted':
      return { ...state, idempotencyKey: event.idempotencyKey, submitting: true, submitError: null };
    case 'submitSucceeded':
      return { ...state, submitting: false, submitted: event.result };
    case 'submitFailed':
      return { ...state, submitting: false, submitError: event.message };
  }
}
