import { describe, expect, it } from 'vitest';
import { exampleWorkflowRun } from './onfido-fixtures.ts';
import { isCaptureTask, mapReasons, outcomeOfRun } from './onfido-outcome.ts';

describe('Onfido workflow run status mapping', () => {
  it.each([
    ['awaiting_input', 'none'],
    ['processing', 'pending'],
    ['approved', 'approved'],
    ['review', 'on_hold'],
    ['abandoned', 'none'],
    ['error', 'none'],
  ])('when a run is %s, then %s', (status, kind) => {
    expect(outcomeOfRun({ ...exampleWorkflowRun, status })).toEqual({ kind });
  });

  it("when a run is declined for quality reasons, then rejected_retry with our codes and Onfido's labels", () => {
    const outcome = outcomeOfRun({ ...exampleWorkflowRun, status: 'declined', reasons: ['document_blurry'] });
    expect(outcome).toEqual({
      kind: 'rejected_retry',
      reasons: [{ code: 'BLURRY_IMAGE', vendorLabel: 'document_blurry' }],
      userMessage: '',
      reviewerNote: `Onfido workflow run ${exampleWorkflowRun.id} declined: document_blurry`,
    });
  });

  it('when a decline names a fraud signal, then rejected_final (a senior reviewer confirms)', () => {
    for (const reason of ['document_fraud', 'face_spoofing', 'image_tampered'])
      expect(
        outcomeOfRun({ ...exampleWorkflowRun, status: 'declined', reasons: ['expired', reason] }).kind,
      ).toBe('rejected_final');
  });

  it('when a decline has no reasons, then a retry for incomplete documents', () => {
    expect(outcomeOfRun({ ...exampleWorkflowRun, status: 'declined', reasons: null })).toMatchObject({
      kind: 'rejected_retry',
      reasons: [{ code: 'INCOMPLETE_DOCUMENTS' }],
    });
  });

  it('maps reason labels to our codes', () => {
    expect(
      mapReasons(['document_expired', 'face_not_matching', 'name_mismatch', 'unsupported_document', 'x']).map(
        (r) => r.code,
      ),
    ).toEqual([
      'DOCUMENT_EXPIRED',
      'SELFIE_MISMATCH',
      'NAME_MISMATCH',
      'UNSUPPORTED_DOCUMENT',
      'INCOMPLETE_DOCUMENTS',
    ]);
  });

  it('knows the capture tasks', () => {
    expect(isCaptureTask('upload_document_photo')).toBe(true);
    expect(isCaptureTask('upload_face_photo')).toBe(true);
    expect(isCaptureTask('profile_data')).toBe(false);
    expect(isCaptureTask('document_check')).toBe(false);
  });
});
