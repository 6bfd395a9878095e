import { describe, expect, it } from 'vitest';
import type { SubmitKycResult } from '@kyc/contracts';
import { kycInfoFixture } from '../../../test/kyc-info';
import {
  currentStep,
  flowSteps,
  initKycFlow,
  kycFlowReducer,
  type KycFlowEvent,
  type KycFlowState,
  type Uploaded,
} from './kyc-flow-state';

const upload = (documentId: string): Uploaded => ({
  result: { documentId } as Uploaded['result'],
  file: new Blob(['x']),
});

function start(overrides: Partial<Parameters<typeof initKycFlow>[0]> = {}): KycFlowState {
  return initKycFlow({ level: 1, reverification: false, info: kycInfoFixture(), draft: null, ...overrides });
}

const run = (state: KycFlowState, ...events: KycFlowEvent[]) => events.reduce(kycFlowReducer, state);

describe('the verification wizard (kycFlowReducer)', () => {
  it('walks level 1 country → details → document type → front → back → selfie → consent → review', () => {
    let state = start();
    const seen = [currentStep(state)];
    for (let i = 0; i < 7; i++) {
      state = kycFlowReducer(state, { type: i === 1 ? 'detailsSaved' : 'next' });
      seen.push(currentStep(state));
    }
    expect(seen).toEqual([
      'country',
      'details',
      'documentType',
      'front',
      'back',
      'selfie',
      'consent',
      'review',
    ]);
    expect(currentStep(run(state, { type: 'back' }))).toBe('consent');
  });

  it('has no details step in a re-verification, and level 2 is address → proof of address → review', () => {
    expect(flowSteps(1, 'PASSPORT', { details: false })).toEqual([
      'country',
      'documentType',
      'front',
      'selfie',
      'consent',
      'review',
    ]);
    const level2 = start({ level: 2 });
    expect(currentStep(level2)).toBe('address');
    expect(currentStep(run(level2, { type: 'addressContinued', errors: {} }))).toBe('poa');
  });

  it('a new country drops the document type and the document uploads, keeps the selfie, and starts a new attempt', () => {
    const state = run(
      start({ info: kycInfoFixture({ applicant: undefined, residenceCountry: 'DE' }) }),
      { type: 'documentTypeChosen', documentType: 'ID_CARD' },
      { type: 'uploaded', side: 'front', upload: upload('f') },
      { type: 'uploaded', side: 'selfie', upload: upload('s') },
      { type: 'submitStarted', idempotencyKey: 'key-1' },
      { type: 'submitFailed', message: 'down' },
    );
    expect(state.country).toBe('DE');
    expect(state.idempotencyKey).toBe('key-1');
    expect(state.submitError).toBe('down');

    const moved = kycFlowReducer(state, { type: 'countryChosen', country: 'FR' });
    expect(moved.documentType).toBeNull();
    expect(moved.uploads.front).toBeUndefined();
    expect(moved.uploads.selfie?.result.documentId).toBe('s');
    expect(moved.idempotencyKey).toBeNull();
    expect(moved.submitError).toBeNull();
    expect(kycFlowReducer(moved, { type: 'countryChosen', country: 'FR' })).toBe(moved);
  });

  it('a retry keeps the attempt’s key until what is submitted changes', () => {
    const failed = run(
      start(),
      { type: 'submitStarted', idempotencyKey: 'key-1' },
      { type: 'submitFailed', message: 'timeout' },
    );
    expect(failed).toMatchObject({ idempotencyKey: 'key-1', submitting: false, submitError: 'timeout' });
    const again = kycFlowReducer(failed, { type: 'submitStarted', idempotencyKey: 'key-1' });
    expect(again).toMatchObject({ idempotencyKey: 'key-1', submitting: true, submitError: null });
    const cleared = kycFlowReducer(failed, { type: 'uploadCleared', side: 'front' });
    expect(cleared.idempotencyKey).toBeNull();
    const result = { level: 1 } as unknown as SubmitKycResult;
    expect(kycFlowReducer(again, { type: 'submitSucceeded', result })).toMatchObject({
      submitting: false,
      submitted: result,
    });
  });

  it('the details step stays with its errors, saves when they are none, and shows a failed save', () => {
    const onDetails = kycFlowReducer(start(), { type: 'next' });
    const refused = kycFlowReducer(onDetails, {
      type: 'detailsContinued',
      errors: { firstName: 'required' },
    });
    expect(refused).toMatchObject({ savingDetails: false, detailsErrors: { firstName: 'required' } });
    expect(currentStep(refused)).toBe('details');

    const saving = kycFlowReducer(refused, { type: 'detailsContinued', errors: {} });
    expect(saving).toMatchObject({ savingDetails: true, detailsErrors: {}, detailsError: null });
    expect(kycFlowReducer(saving, { type: 'detailsSaveFailed', message: 'no' })).toMatchObject({
      savingDetails: false,
      detailsError: 'no',
    });
    // Back pressed while the details were being stored: the save still leads past the details step.
    const saved = run(saving, { type: 'back' }, { type: 'detailsSaved' });
    expect(currentStep(saved)).toBe('documentType');
    expect(saved.savingDetails).toBe(false);
  });

  it('an address with errors stays on the address step', () => {
    const state = kycFlowReducer(start({ level: 2 }), {
      type: 'addressContinued',
      errors: { city: 'required' },
    });
    expect(currentStep(state)).toBe('address');
    expect(state.addressErrors).toEqual({ city: 'required' });
  });

  it('a passport chosen after an ID card means fewer steps: the step shown is clamped to the last one', () => {
    let state = run(start(), { type: 'documentTypeChosen', documentType: 'ID_CARD' });
    state = { ...state, stepIndex: 7 };
    expect(currentStep(state)).toBe('review');
    expect(currentStep(run(state, { type: 'documentTypeChosen', documentType: 'PASSPORT' }))).toBe('review');
  });

  it('a reload reopens the saved step, never past the first capture step, with the saved answers', () => {
    const draft = {
      stepIndex: 6,
      country: 'FR',
      documentType: 'PASSPORT' as const,
      consent: { privacy: true, declaration: false },
    };
    const state = start({ draft });
    expect(currentStep(state)).toBe('front');
    expect(state).toMatchObject({ country: 'FR', documentType: 'PASSPORT', consent: draft.consent });
    expect(currentStep(start({ draft: { ...draft, stepIndex: 1 } }))).toBe('details');
  });

  it('offers a passport’s country as the nationality (D125), never overrides a chosen one, and a new number is a new attempt', () => {
    const atType = run(start({ info: kycInfoFixture() }), { type: 'countryChosen', country: 'FR' });
    const passport = run(atType, { type: 'documentTypeChosen', documentType: 'PASSPORT' });
    expect(passport.document).toEqual({ nationality: 'FR', documentNumber: '' });
    const card = run(atType, { type: 'documentTypeChosen', documentType: 'ID_CARD' });
    expect(card.document.nationality).toBe('');
    const chosen = run(
      card,
      { type: 'documentEdited', document: { nationality: 'DZ', documentNumber: '' } },
      { type: 'documentTypeChosen', documentType: 'PASSPORT' },
    );
    expect(chosen.document.nationality).toBe('DZ');
    const keyed = { ...chosen, idempotencyKey: 'k1' };
    expect(
      run(keyed, { type: 'documentEdited', document: { nationality: 'DZ', documentNumber: 'X1' } })
        .idempotencyKey,
    ).toBeNull();
  });

  it('stays on the document step while its details have errors, and moves on once they have none', () => {
    const atDocument = { ...start(), stepIndex: 2 };
    expect(currentStep(atDocument)).toBe('documentType');
    const refused = run(atDocument, { type: 'documentContinued', errors: { documentNumber: 'format' } });
    expect(currentStep(refused)).toBe('documentType');
    expect(refused.documentErrors).toEqual({ documentNumber: 'format' });
    const moved = run(refused, { type: 'documentContinued', errors: {} });
    expect(currentStep(moved)).toBe('front');
    expect(moved.documentErrors).toEqual({});
  });
});
