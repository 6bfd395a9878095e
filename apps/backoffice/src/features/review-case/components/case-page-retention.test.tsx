// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReviewCase, StaffMe, StaffRole } from '@kyc/contracts';
import { fail, ok, stubApi } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { CasePage } from './case-page.tsx';

/** Issue 20: a closed person's case asks for a reason first; an erased person's case shows where data went. */
const T0 = Date.UTC(2026, 2, 3, 9, 30);
const REDACTED_AT = Date.UTC(2031, 2, 4, 2, 0);

const staff = (role: StaffRole): StaffMe => ({
  id: 7,
  email: `${role}@kyc.example`,
  display_name: 'Noor',
  role,
});

const markers = [
  'identity_documents',
  'personal_data',
  'questionnaire_answers',
  'decisions_audit',
  'screening_results',
  'vendor_events',
  'data_key',
].map((kind) => ({ kind, redactedAt: REDACTED_AT, policyVersion: 3 }));

function erasedCase(): ReviewCase {
  return {
    userId: 41,
    email: 'redacted-41@redacted.invalid',
    site: 'EU',
    applicant: {
      firstName: '[redacted]',
      lastName: '[redacted]',
      dateOfBirth: '[redacted]',
      country: 'PT',
      residenceCountry: '',
      level: 1,
    },
    levels: [
      {
        level: 1,
        status: 'FAILED_AND_CAN_RETRY',
        rejectReasonCode: 'BLURRY',
        rejectReason: '[redacted]',
        finalRejectionProposed: false,
      },
      {
        level: 2,
        status: 'NOT_ALLOW',
        rejectReasonCode: '',
        rejectReason: '',
        finalRejectionProposed: false,
      },
    ],
    reverification: {
      status: 'DisplayUpdatePOIStatus_No',
      deadline: null,
      rejectReason: '',
      site: '',
      country: '',
    },
    decisions: [],
    documents: [],
    submissions: [
      {
        id: 5,
        kind: 'level',
        level: 1,
        documentType: 'PASSPORT',
        issuingCountry: 'PT',
        status: 'REJECTED_RETRY',
        createdAt: T0,
        decidedAt: T0,
        reasonCode: 'BLURRY',
        userMessage: '[redacted]',
        documentIds: [],
        details: {},
        consent: null,
        finalProposedAt: null,
      },
    ],
    vendor: { applicants: [], events: [] },
    screening: { status: 'clear', screenedAt: T0, lists: [], hits: [], frozen: null },
    redactions: markers,
    closedAccess: {
      userId: 41,
      closedAt: Date.UTC(2026, 2, 3),
      held: false,
      erased: true,
      reason: 'SAR 2031-7 from the person',
      expiresAt: Date.UTC(2031, 5, 1, 10, 0),
    },
  };
}

function renderCase(role: StaffRole) {
  return renderAsStaff(staff(role), [{ path: 'cases/:userId', Component: CasePage }], '/backoffice/cases/41');
}

afterEach(cleanup);

describe('CasePage after closure and erasure', () => {
  it('when the account is closed and no reason is in force (62041), then a reason is asked, checked, recorded and the case opens', async () => {
    let granted = false;
    const api = stubApi({
      'GET /backoffice/api/cases/41': () =>
        granted ? ok(erasedCase()) : fail(62041, 'reason required', 403),
      'POST /backoffice/api/cases/41/closed-access': () => {
        granted = true;
        return ok(erasedCase().closedAccess);
      },
    });
    const { user } = renderCase('senior_reviewer');

    expect(await screen.findByRole('heading', { name: 'Closed or held account' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Give a reason and open' }));
    const dialog = screen.getByRole('dialog', { name: 'Why do you need to open person 41?' });
    await user.type(within(dialog).getByLabelText(/^Reason/), 'SAR');
    await user.click(within(dialog).getByRole('button', { name: 'Record the reason and open' }));
    expect(within(dialog).getByText('Write a reason of 5 to 500 characters.')).toBeTruthy();
    expect(api.callsTo('POST', '/backoffice/api/cases/41/closed-access')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Reason/), ' 2031-7 from the person');
    await user.click(within(dialog).getByRole('button', { name: 'Record the reason and open' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Applicant 41' })).toBeTruthy();
    expect(api.callsTo('POST', '/backoffice/api/cases/41/closed-access')[0]?.body).toEqual({
      reason: 'SAR 2031-7 from the person',
    });
    expect(screen.getByText(/Opened with your reason “SAR 2031-7 from the person” until/)).toBeTruthy();
    expect(screen.getByText(/Account closed on .* · Data erased/)).toBeTruthy();
  });

  it('when the person was erased, then every section says what was redacted, when and under which version, never “[redacted]” or the placeholder email', async () => {
    stubApi({ 'GET /backoffice/api/cases/41': () => ok(erasedCase()) });
    renderCase('admin');

    await screen.findByRole('heading', { level: 1, name: 'Applicant 41' });
    const marker = 'on Mar 4, 2031 under policy version 3';
    const person = screen.getByRole('region', { name: 'Person' });
    expect(within(person).getAllByText(marker)).toHaveLength(4); // names, birth date, email
    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(within(documents).getByText(marker)).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Sanctions screening' })).getByText(marker),
    ).toBeTruthy();
    const submissions = screen.getByRole('region', { name: 'Submissions' });
    expect(within(submissions).getAllByText(marker).length).toBeGreaterThanOrEqual(2); // message, details
    expect(
      within(screen.getByRole('region', { name: 'Verification levels' })).getByText(marker),
    ).toBeTruthy();
    expect(document.body.textContent).not.toContain('[redacted]');
    expect(document.body.textContent).not.toContain('redacted.invalid');
  });

  it('when the role may not open closed accounts (62040), then the page says so and offers no reason form', async () => {
    stubApi({ 'GET /backoffice/api/cases/41': () => fail(62040, 'denied', 403) });
    renderCase('reviewer');

    expect(
      await screen.findByText(
        'This account is closed or on legal hold, and your role may not open it. Ask a senior reviewer or an admin.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Give a reason and open' })).toBeNull();
  });
});
