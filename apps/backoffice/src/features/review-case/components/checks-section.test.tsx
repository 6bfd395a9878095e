// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CaseCheck, CaseChecksRun, StaffMe } from '@kyc/contracts';
import { ok, stubApi } from '../../../test/api-stub.ts';
import { pendingCaseView } from '../../../test/case-view.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import type { CaseView } from '../api/case.ts';
import { CasePage } from './case-page.tsx';
import { NAMESPACE } from '../../../lib/i18n.ts';
import arabic from '../../../../../../locales/backoffice/ar-SA.json';

const T0 = Date.UTC(2026, 10, 20, 9, 30);
const reviewer: StaffMe = { id: 7, email: 'reviewer@kyc.example', display_name: 'Staff 7', role: 'reviewer' };
const DONE: CaseChecksRun = { submissionId: 5, status: 'done', checkedAt: T0 };

const CHECKED: CaseCheck[] = [
  {
    name: 'quality',
    outcome: 'pass',
    score: null,
    threshold: null,
    detail: {
      code: 'image_quality',
      images: [
        { side: 'front', outcome: 'pass', failed: null },
        { side: 'selfie', outcome: 'pass', failed: null },
      ],
    },
    relatedUserId: null,
  },
  {
    name: 'mrz',
    outcome: 'pass',
    score: 91,
    threshold: null,
    detail: { code: 'mrz_read', format: 'TD3', side: 'front', repairs: 0 },
    relatedUserId: null,
  },
  {
    name: 'data_match',
    outcome: 'fail',
    score: null,
    threshold: null,
    detail: {
      code: 'data_compared',
      fields: [
        { field: 'lastName', outcome: 'agrees', typed: 'Müller', document: 'MUELLER' },
        { field: 'dateOfBirth', outcome: 'disagrees', typed: '1990-01-02', document: '1990-01-01' },
        { field: 'nationality', outcome: 'not_comparable', typed: null, document: 'DE' },
      ],
    },
    relatedUserId: null,
  },
  {
    name: 'expiry',
    outcome: 'fail',
    score: null,
    threshold: null,
    detail: { code: 'expiry_date', expired: true, expiryDate: '2020-01-01' },
    relatedUserId: null,
  },
  {
    name: 'duplicate_document',
    outcome: 'fail',
    score: null,
    threshold: null,
    detail: { code: 'duplicate_document', otherAccounts: 1 },
    relatedUserId: 12,
  },
  {
    name: 'face_match',
    outcome: 'warn',
    score: 0.3456,
    threshold: 0.4,
    detail: {
      code: 'face_compared',
      selfieFaces: 1,
      documentFaces: 1,
      documentSide: 'front',
      selfieCrop: 'data:image/jpeg;base64,AAAA',
      documentCrop: 'data:image/jpeg;base64,BBBB',
    },
    relatedUserId: null,
  },
  {
    name: 'duplicate_face',
    outcome: 'fail',
    score: 0.81,
    threshold: 0.6,
    detail: { code: 'duplicate_face', otherAccounts: 2 },
    relatedUserId: 13,
  },
];

function renderCase(checks: CaseCheck[], run: CaseChecksRun) {
  const caseView: CaseView = pendingCaseView({ checks, checksRun: run });
  stubApi({ 'GET /backoffice/api/cases/41': () => ok(caseView) });
  return renderAsStaff(reviewer, [{ path: 'cases/:userId', Component: CasePage }], '/backoffice/cases/41');
}

afterEach(cleanup);

describe('the case page Checks panel', () => {
  it("when the checks are of a vendor's reading (D112), then the panel says so naming the vendor, and the comparison's column is the vendor's", async () => {
    const vendorChecks = CHECKED.filter((c) =>
      ['data_match', 'expiry', 'duplicate_document'].includes(c.name),
    );
    renderCase(vendorChecks, { ...DONE, vendor: 'sumsub' });
    const panel = await screen.findByRole('region', { name: 'Checks' });
    expect(
      within(panel).getByText(
        'Checked on what Sumsub read from the document. Sumsub decided the case; these checks only flag it for a reviewer.',
      ),
    ).toBeTruthy();
    const match = within(panel).getByRole('article', { name: 'Document against the typed details: Failed' });
    expect(within(match).getByRole('columnheader', { name: 'Document (read by Sumsub)' })).toBeTruthy();
    expect(within(match).queryByRole('columnheader', { name: 'Document (MRZ)' })).toBeNull();
  });

  it('when the checks are of a re-verification or an ID update (D124), then the panel says which submission, and a level says nothing more', async () => {
    renderCase(CHECKED, { ...DONE, kind: 'reverification' });
    let panel = await screen.findByRole('region', { name: 'Checks' });
    expect(
      within(panel).getByText(
        "Checks of the re-verification (submission 5): its document against the person's details on record.",
      ),
    ).toBeTruthy();
    cleanup();
    renderCase(CHECKED, { ...DONE, kind: 'update_id' });
    panel = await screen.findByRole('region', { name: 'Checks' });
    expect(
      within(panel).getByText(/^Checks of the ID update \(submission 5\): the new document/),
    ).toBeTruthy();
    cleanup();
    renderCase(CHECKED, { ...DONE, kind: 'level' });
    panel = await screen.findByRole('region', { name: 'Checks' });
    expect(within(panel).queryByText(/^Checks of the/)).toBeNull();
  });

  it('when the checks have run, then the panel comes first and words each check, the disagreeing field marked in text and a link to the other account', async () => {
    renderCase(CHECKED, DONE);

    const panel = await screen.findByRole('region', { name: 'Checks' });
    // First on the page: before the person's section.
    const regions = screen.getAllByRole('region');
    expect(regions[0]).toBe(panel);
    expect(within(panel).getByRole('article', { name: 'Image quality: Passed' })).toBeTruthy();
    const mrz = within(panel).getByRole('article', { name: 'Machine-readable zone (MRZ): Passed' });
    expect(within(mrz).getByText('Score 91')).toBeTruthy();

    const match = within(panel).getByRole('article', { name: 'Document against the typed details: Failed' });
    const dob = within(match).getByRole('row', { name: /Date of birth/ });
    expect(within(dob).getByText('Disagrees')).toBeTruthy();
    expect(within(dob).getByText('Jan 2, 1990')).toBeTruthy();
    expect(within(dob).getByText('Jan 1, 1990')).toBeTruthy();
    const name = within(match).getByRole('row', { name: /Last name/ });
    expect(within(name).getByText('Agrees')).toBeTruthy();
    expect(within(name).getByText('MUELLER')).toBeTruthy();
    const nationality = within(match).getByRole('row', { name: /Nationality/ });
    expect(within(nationality).getByText('Not given')).toBeTruthy();
    expect(within(nationality).getByText('Not compared')).toBeTruthy();

    const expiry = within(panel).getByRole('article', { name: 'Expiry: Failed' });
    expect(within(expiry).getByText('Expired on Jan 1, 2020')).toBeTruthy();
    const duplicate = within(panel).getByRole('article', {
      name: 'Same document on another account: Failed',
    });
    expect(
      within(duplicate).getByRole('link', { name: 'Open the other case (user 12)' }).getAttribute('href'),
    ).toBe('/backoffice/cases/12');
  });

  it('when faces were compared, then both crops are shown side by side with the score against the threshold, and a duplicate face links to the other account', async () => {
    renderCase(CHECKED, DONE);
    const panel = await screen.findByRole('region', { name: 'Checks' });
    const face = within(panel).getByRole('article', { name: 'Face match: Warning' });
    expect(within(face).getByText('Score 0.35 (threshold 0.4)')).toBeTruthy();
    expect(within(face).getByRole('img', { name: 'The face found in the selfie' }).getAttribute('src')).toBe(
      'data:image/jpeg;base64,AAAA',
    );
    expect(
      within(face).getByRole('img', { name: 'The face found on the document' }).getAttribute('src'),
    ).toBe('data:image/jpeg;base64,BBBB');
    expect(within(face).getByText('Faces found: 1 in the selfie, 1 on the document.')).toBeTruthy();
    expect(
      within(face).getByText('The similarity is advisory: compare the two faces yourself.'),
    ).toBeTruthy();
    const duplicate = within(panel).getByRole('article', { name: 'Same face on another account: Failed' });
    expect(within(duplicate).getByText(/Other accounts with the same face: 2\./)).toBeTruthy();
    expect(
      within(duplicate).getByRole('link', { name: 'Open the other case (user 13)' }).getAttribute('href'),
    ).toBe('/backoffice/cases/13');
  });

  it('when the selfie showed no face, then its place says so and the duplicate search says why it did not run', async () => {
    renderCase(
      [
        {
          name: 'face_match',
          outcome: 'fail',
          score: null,
          threshold: 0.4,
          detail: {
            code: 'face_compared',
            selfieFaces: 0,
            documentFaces: 1,
            documentSide: 'front',
            selfieCrop: null,
            documentCrop: 'data:image/jpeg;base64,BBBB',
          },
          relatedUserId: null,
        },
        {
          name: 'duplicate_face',
          outcome: 'not_run',
          score: null,
          threshold: 0.6,
          detail: { code: 'not_run', reason: 'no_selfie_face' },
          relatedUserId: null,
        },
      ],
      DONE,
    );
    const panel = await screen.findByRole('region', { name: 'Checks' });
    const face = within(panel).getByRole('article', { name: 'Face match: Failed' });
    expect(within(face).getByText('No face found')).toBeTruthy();
    expect(within(face).getAllByRole('img')).toHaveLength(1);
    expect(within(panel).getByText('Not run: the selfie does not show exactly one face.')).toBeTruthy();
  });

  it('when liveness warns, then the panel shows what was asked, what the frames did not confirm, the measures against their thresholds, the browser’s report and each keyframe; a challenge that did not run says why (D116)', async () => {
    renderCase(
      [
        {
          name: 'liveness',
          outcome: 'warn',
          score: null,
          threshold: null,
          detail: {
            code: 'liveness_checked',
            actions: ['blink', 'turn_left'],
            timeLimitMs: 20_000,
            findings: ['blink_not_seen'],
            measures: {
              earNeutral: 0.3,
              earBlink: 0.297,
              earRatio: 0.99,
              earRatioMax: 0.92,
              yawNeutral: 0.05,
              yawTurn: 0.3,
              yawChange: 0.25,
              yawChangeMin: 0.12,
              similarityMin: 0.71,
              similarityThreshold: 0.4,
            },
            client: [
              { action: 'blink', atMs: 3_000, value: 0.14 },
              { action: 'turn_left', atMs: 6_500, value: 0.3 },
            ],
            frames: [
              {
                kind: 'neutral',
                atMs: 1_000,
                faces: 1,
                similarity: 0.8,
                image: 'data:image/jpeg;base64,AAAA',
              },
              {
                kind: 'blink',
                atMs: 3_000,
                faces: 1,
                similarity: 0.71,
                image: 'data:image/jpeg;base64,BBBB',
              },
              { kind: 'turn', atMs: 6_500, faces: 0, similarity: null, image: null },
            ],
          },
          relatedUserId: null,
        },
      ],
      DONE,
    );
    const panel = await screen.findByRole('region', { name: 'Checks' });
    const liveness = within(panel).getByRole('article', { name: 'Liveness: Warning' });
    expect(liveness.textContent).toContain('Asked within 20 s: blink → turn the head to the left');
    expect(within(liveness).getByText('The eyes are not seen closing.')).toBeTruthy();
    const ear = within(liveness).getByRole('row', { name: /Eyes closed ÷ open/ });
    expect(ear.textContent).toContain('0.99');
    expect(ear.textContent).toContain('at most 0.92');
    expect(within(liveness).getByRole('row', { name: /Head turn/ }).textContent).toContain('at least 0.12');
    expect(liveness.textContent).toContain('turn the head to the left: at 6.5 s (measured 0.3)');
    expect(within(liveness).getByRole('img', { name: 'Keyframe: Eyes closed' }).getAttribute('src')).toBe(
      'data:image/jpeg;base64,BBBB',
    );
    expect(within(liveness).getAllByRole('img')).toHaveLength(2);
    expect(within(liveness).getByText('Head turned, at 6.5 s, no face found')).toBeTruthy();
    expect(within(liveness).getByText(/not a certified presentation-attack detection/)).toBeTruthy();
    cleanup();

    renderCase(
      [
        {
          name: 'liveness',
          outcome: 'not_run',
          score: null,
          threshold: null,
          detail: { code: 'not_run', reason: 'timed_out' },
          relatedUserId: null,
        },
      ],
      DONE,
    );
    const again = await screen.findByRole('region', { name: 'Checks' });
    expect(within(again).getByText('Not run: the time limit passed and the person went on.')).toBeTruthy();
  });

  it('correction step: the person’s answers show what was first typed, the document and the corrected value or the kept reason, and a typed zone is marked typed, not OCR', async () => {
    const line1 = 'P<D<<MUELLER<<ANNA<<<<<<<<<<<<<<<<<<<<<<<<<<';
    const line2 = 'C01X00T478D<<9001011F3001019<<<<<<<<<<<<<<<2';
    const typedZone: CaseCheck = {
      name: 'mrz',
      outcome: 'pass',
      score: null,
      threshold: null,
      detail: {
        code: 'mrz_read',
        format: 'TD3',
        side: 'front',
        repairs: 0,
        source: 'typed',
        lines: [line1, line2],
      },
      relatedUserId: null,
    };
    const caseView: CaseView = pendingCaseView({
      checks: CHECKED.map((c) => (c.name === 'mrz' ? typedZone : c)),
      checksRun: DONE,
      checkCorrections: [
        { revision: 1, kind: 'mrz', at: T0, fields: [], mrzLines: [line1, line2], dataMatch: 'fail' },
        {
          revision: 2,
          kind: 'fields',
          at: T0 + 60_000,
          fields: [
            {
              field: 'dateOfBirth',
              typed: '1990-01-02',
              document: '1990-01-01',
              action: 'correct',
              value: '1990-01-01',
              reason: null,
            },
            {
              field: 'firstName',
              typed: 'Ana',
              document: 'ANNA',
              action: 'keep',
              value: null,
              reason: 'Ana is my name.',
            },
          ],
          mrzLines: null,
          dataMatch: 'pass',
        },
      ],
    });
    stubApi({ 'GET /backoffice/api/cases/41': () => ok(caseView) });
    renderAsStaff(reviewer, [{ path: 'cases/:userId', Component: CasePage }], '/backoffice/cases/41');

    const panel = await screen.findByRole('region', { name: 'Checks' });
    const mrz = within(panel).getByRole('article', { name: 'Machine-readable zone (MRZ): Passed' });
    expect(within(mrz).getByText('(typed by the person, not read by OCR)')).toBeTruthy();
    expect(within(mrz).getByText('Zone as typed by the person')).toBeTruthy();

    const answers = within(panel).getByRole('region', {
      name: "The person's answers to the correction step",
    });
    expect(within(answers).getByText('Zone typed by the person:')).toBeTruthy();
    const dob = within(answers).getByRole('row', { name: /Date of birth/ });
    expect(within(dob).getByText('Jan 2, 1990')).toBeTruthy();
    expect(within(dob).getByText('Corrected to')).toBeTruthy();
    expect(within(dob).getAllByText('Jan 1, 1990')).toHaveLength(2);
    const first = within(answers).getByRole('row', { name: /First name/ });
    expect(within(first).getByText('Ana is my name.')).toBeTruthy();
    expect(within(first).getByText('Kept, because:')).toBeTruthy();
  });

  it('when the checks have not finished, then each says not run yet', async () => {
    const pending: CaseCheck[] = (['quality', 'mrz'] as const).map((name) => ({
      name,
      outcome: 'not_run',
      score: null,
      threshold: null,
      detail: { code: 'not_run', reason: 'pending' },
      relatedUserId: null,
    }));
    renderCase(pending, { submissionId: 5, status: 'pending', checkedAt: null });

    const panel = await screen.findByRole('region', { name: 'Checks' });
    expect(within(panel).getByText('Not run yet: the checks are still running.')).toBeTruthy();
    expect(within(panel).getAllByText('Not run yet.')).toHaveLength(2);
    expect(within(panel).getByRole('article', { name: 'Image quality: Not run' })).toBeTruthy();
  });

  it('when the MRZ could not be read, then the reason is given', async () => {
    const unread: CaseCheck[] = [
      {
        name: 'mrz',
        outcome: 'warn',
        score: null,
        threshold: null,
        detail: { code: 'mrz_not_readable', reason: 'no_zone' },
        relatedUserId: null,
      },
    ];
    renderCase(unread, DONE);
    const panel = await screen.findByRole('region', { name: 'Checks' });
    expect(within(panel).getByRole('article', { name: 'Machine-readable zone (MRZ): Warning' })).toBeTruthy();
    expect(within(panel).getByText('Not readable: no machine-readable zone was found.')).toBeTruthy();
  });

  it('when the reader works in Arabic, then the checks and the fields are in Arabic', async () => {
    const { i18n } = renderCase(CHECKED, DONE);
    await screen.findByRole('region', { name: 'Checks' });
    i18n.addResourceBundle('ar-SA', NAMESPACE, arabic);
    await act(() => i18n.changeLanguage('ar-SA'));

    const panel = await screen.findByRole('region', { name: arabic.case.checks.heading });
    const match = within(panel).getByRole('article', {
      name: `${arabic.case.checks.names.data_match}: ${arabic.case.checks.outcomes.fail}`,
    });
    const dob = within(match).getByRole('row', { name: new RegExp(arabic.case.checks.fields.dateOfBirth) });
    expect(within(dob).getByText(arabic.case.checks.fieldOutcomes.disagrees)).toBeTruthy();
    const expiry = within(panel).getByRole('article', {
      name: `${arabic.case.checks.names.expiry}: ${arabic.case.checks.outcomes.fail}`,
    });
    expect(within(expiry).getByText(/^انتهت صلاحيته في /)).toBeTruthy();
    const face = within(panel).getByRole('article', {
      name: `${arabic.case.checks.names.face_match}: ${arabic.case.checks.outcomes.warn}`,
    });
    expect(within(face).getByRole('img', { name: arabic.case.checks.faces.selfieAlt })).toBeTruthy();
    expect(within(face).getByText(arabic.case.checks.faces.advisory)).toBeTruthy();
  });

  it('when the person has no in-house submission, then the panel says so', async () => {
    renderCase([], null);
    const panel = await screen.findByRole('region', { name: 'Checks' });
    expect(
      within(panel).getByText('No document checks: the person has no level-1 submission checked in-house.'),
    ).toBeTruthy();
  });
});
