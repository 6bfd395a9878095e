// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffMe, StaffRole } from '@kyc/contracts';
import { fail, ok, stubApi, type Handler } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import type { CaseView } from '../api/case.ts';
import { CasePage } from './case-page.tsx';
import { nth } from '../../../test/nth.ts';
import { NAMESPACE } from '../../../lib/i18n.ts';
import arabic from '../../../../../../locales/backoffice/ar-SA.json';

const T0 = Date.UTC(2026, 10, 20, 9, 30);

function staff(role: StaffRole, id = 7): StaffMe {
  return { id, email: `${role}@kyc.example`, display_name: `Staff ${id}`, role };
}

function pendingCase(overrides: Partial<CaseView> = {}): CaseView {
  return {
    userId: 41,
    email: 'ana@example.com',
    site: 'EU',
    applicant: {
      firstName: 'Ana',
      lastName: 'Lima',
      dateOfBirth: '1990-04-01',
      country: 'PT',
      residenceCountry: 'DE',
      level: 0,
    },
    levels: [
      { level: 1, status: 'PENDING', rejectReasonCode: '', rejectReason: '', finalRejectionProposed: false },
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
    documents: [
      {
        id: 'a'.repeat(32),
        side: 'front',
        mime: 'image/jpeg',
        size: 1000,
        sha256: 'x',
        createdAt: T0,
        submissionId: 5,
      },
      {
        id: 'b'.repeat(32),
        side: 'back',
        mime: 'application/pdf',
        size: 2000,
        sha256: 'y',
        createdAt: T0,
        submissionId: 5,
      },
    ],
    submissions: [
      {
        id: 5,
        kind: 'level',
        level: 1,
        documentType: 'PASSPORT',
        issuingCountry: 'PT',
        status: 'PENDING',
        createdAt: T0,
        decidedAt: null,
        reasonCode: '',
        userMessage: '',
        documentIds: ['a'.repeat(32), 'b'.repeat(32)],
        details: { nationality: 'PT', documentNumber: '••••1234' },
        consent: null,
        finalProposedAt: null,
      },
    ],
    vendor: { applicants: [], events: [] },
    screening: {
      status: 'clear',
      screenedAt: T0,
      lists: [{ name: 'ofac-sdn.xml', published: '2026-04-15' }],
      hits: [],
      frozen: null,
    },
    ...overrides,
  };
}

/** Level 1 with a final rejection proposed by staff member `proposer`. */
function proposedCase(proposer: number): CaseView {
  const base = pendingCase();
  return {
    ...base,
    levels: [{ ...nth(base.levels, 0), finalRejectionProposed: true }, nth(base.levels, 1)],
    decisions: [
      {
        id: 3,
        level: 1,
        decision: 'reject_final_proposed',
        reasonCode: 'SUSPECTED_FRAUD',
        userMessage: 'We cannot verify you.',
        staffId: proposer,
        staffName: `Staff ${proposer}`,
        confirmedBy: null,
        confirmedByName: null,
        decidedByProvider: null,
        comment: '',
        at: T0,
      },
    ],
  };
}

/** Level 1 sent to Sumsub, its final rejection proposed by Sumsub (staff 0), with the vendor's events. */
function sumsubCase(): CaseView {
  const base = proposedCase(0);
  return {
    ...base,
    decisions: base.decisions.map((d) => ({
      ...d,
      staffName: 'Sumsub (automatic)',
      decidedByProvider: 'sumsub',
    })),
    vendor: {
      applicants: [
        {
          provider: 'sumsub',
          externalUserId: 'kyc_0123456789abcdef01234567',
          vendorApplicantId: '65f0c0ffee',
          level: 1,
          reviewStatus: 'completed',
          pendingSince: null,
          lastEventAt: T0,
        },
      ],
      events: [
        {
          id: 2,
          provider: 'sumsub',
          eventType: 'applicantReviewed',
          source: 'webhook',
          level: 1,
          occurredAt: T0,
          receivedAt: T0,
          outcome: 'rejected_final',
          effect: 'applied',
          payload: '{\n  "reviewAnswer": "RED"\n}',
          payloadUnreadable: false,
        },
        {
          id: 1,
          provider: 'sumsub',
          eventType: 'reconciliation',
          source: 'reconciliation',
          level: 1,
          occurredAt: T0 - 1000,
          receivedAt: T0,
          outcome: 'pending',
          effect: 'stale',
          payload: null,
          payloadUnreadable: true,
        },
      ],
    },
  };
}

function serve(caseView: CaseView, decide?: Handler) {
  return stubApi({
    'GET /backoffice/api/cases/41': () => ok(caseView),
    ...(decide ? { 'POST /backoffice/api/cases/41/decisions': decide } : {}),
  });
}

function renderCase(as: StaffMe) {
  return renderAsStaff(as, [{ path: 'cases/:userId', Component: CasePage }], '/backoffice/cases/41');
}

afterEach(cleanup);

describe('CasePage', () => {
  it('when the case loads, then it shows the person, levels, submissions and documents', async () => {
    const api = serve(pendingCase());
    renderCase(staff('reviewer'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Ana Lima' })).toBeTruthy();
    const person = screen.getByRole('region', { name: 'Person' });
    expect(within(person).getByText('1990-04-01')).toBeTruthy();
    expect(within(person).getByText('PT')).toBeTruthy();
    expect(within(person).getByText('DE')).toBeTruthy();
    expect(within(person).getByText('EU')).toBeTruthy();
    const levels = screen.getByRole('region', { name: 'Verification levels' });
    expect(within(levels).getByText('Pending review')).toBeTruthy();
    expect(within(levels).getByText('Locked')).toBeTruthy();
    const submissions = screen.getByRole('region', { name: 'Submissions' });
    expect(within(submissions).getByText('Passport')).toBeTruthy();
    expect(within(submissions).getByText('••••1234')).toBeTruthy();
    // D125: the typed document details named as the Checks panel names them, a country by its name.
    expect(within(submissions).getByText('Document number')).toBeTruthy();
    expect(within(submissions).getByText('Nationality')).toBeTruthy();
    expect(within(submissions).getByText('Portugal (PT)')).toBeTruthy();

    const image = screen.getByRole('img', { name: 'Front side uploaded by the person' });
    expect(image.getAttribute('src')).toBe(`/backoffice/api/cases/41/documents/${'a'.repeat(32)}`);
    const pdf = screen.getByRole('link', { name: 'Open Back side (PDF) in a new tab' });
    expect(pdf.getAttribute('target')).toBe('_blank');
    expect(pdf.getAttribute('rel')).toContain('noopener');
    expect(api.callsTo('GET', '/backoffice/api/cases/41')[0]?.credentials).toBe('include');
  });

  it('when Enlarge is pressed, then a dialog shows the image and Escape closes it, returning focus', async () => {
    serve(pendingCase());
    const { user } = renderCase(staff('reviewer'));
    const enlarge = await screen.findByRole('button', { name: 'Enlarge Front side' });

    await user.click(enlarge);
    const dialog = screen.getByRole('dialog', { name: 'Front side' });
    expect(within(dialog).getByRole('img').getAttribute('src')).toContain('a'.repeat(32));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(enlarge);
  });

  it('when a final rejection is proposed, then the banner shows and a reviewer gets no confirm button', async () => {
    serve(proposedCase(9));
    renderCase(staff('reviewer'));

    expect(await screen.findByText(/Final rejection proposed — awaiting a senior reviewer/)).toBeTruthy();
    const panel = screen.getByRole('region', { name: 'Decisions' });
    expect(within(panel).queryByRole('button', { name: 'Confirm final rejection' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Approve level 1' })).toBeNull();
    expect(within(panel).getByText(/Until then only a senior reviewer can decide/)).toBeTruthy();
  });

  it('when the senior reviewer who proposed it opens the case, then they cannot confirm it', async () => {
    serve(proposedCase(7));
    renderCase(staff('senior_reviewer', 7));

    const panel = await screen.findByRole('region', { name: 'Decisions' });
    expect(within(panel).getByText(/You proposed the final rejection/)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Confirm final rejection' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Propose final rejection' })).toBeNull();
  });

  it('when another senior reviewer confirms, then a dialog asks first and the updated case shows', async () => {
    const confirmed = pendingCase({
      levels: [
        {
          level: 1,
          status: 'FAILED_AND_CAN_NOT_RETRY',
          rejectReasonCode: 'SUSPECTED_FRAUD',
          rejectReason: 'We cannot verify you.',
          finalRejectionProposed: false,
        },
        nth(pendingCase().levels, 1),
      ],
    });
    const api = serve(proposedCase(9), () => ok(confirmed));
    const { user } = renderCase(staff('senior_reviewer', 7));

    await user.click(await screen.findByRole('button', { name: 'Confirm final rejection' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm the final rejection of level 1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm final rejection' }));

    expect(await screen.findByText(/Final rejection confirmed\. The case below is up to date/)).toBeTruthy();
    expect(api.callsTo('POST', '/backoffice/api/cases/41/decisions')[0]?.body).toEqual({
      decision: 'confirm_final',
      level: 1,
    });
    expect(screen.getByText('Rejected, final')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when the history names its staff members, then each shows by name, the signed-in one as you', async () => {
    serve(
      pendingCase({
        decisions: [
          {
            id: 4,
            level: 1,
            decision: 'reject_final_confirmed',
            reasonCode: 'SUSPECTED_FRAUD',
            userMessage: 'We cannot verify you.',
            staffId: 9,
            staffName: 'Riley Reviewer',
            confirmedBy: 7,
            confirmedByName: 'Sam Senior',
            decidedByProvider: null,
            comment: '',
            at: T0,
          },
          {
            id: 2,
            level: 1,
            decision: 'reject_retry',
            reasonCode: 'BLURRY_IMAGE',
            userMessage: 'Blurry.',
            staffId: 12,
            staffName: 'quiet@kyc.example',
            confirmedBy: null,
            confirmedByName: null,
            decidedByProvider: null,
            comment: '',
            at: T0,
          },
        ],
      }),
    );
    renderCase(staff('senior_reviewer', 7));

    const history = await screen.findByRole('region', { name: 'History' });
    const [confirmed, retry] = within(history).getAllByRole('listitem');
    expect(confirmed?.textContent).toContain('Proposed by Riley Reviewer · confirmed by you (Sam Senior)');
    expect(retry?.textContent).toContain('By quiet@kyc.example');
    expect(within(history).queryByText(/staff member #/)).toBeNull();
  });

  it('when a staff member of the history has no name (no such member), then their number shows', async () => {
    const base = proposedCase(9);
    serve({ ...base, decisions: base.decisions.map((d) => ({ ...d, staffName: null })) });
    renderCase(staff('reviewer'));

    const history = await screen.findByRole('region', { name: 'History' });
    expect(within(history).getByText(/By staff member #9/)).toBeTruthy();
  });

  it('when an auditor-like role without decide opens a case, then no decisions panel shows', async () => {
    serve(pendingCase());
    renderCase(staff('auditor'));

    await screen.findByRole('heading', { level: 1, name: 'Ana Lima' });
    expect(screen.queryByRole('region', { name: 'Decisions' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Request for information' })).toBeNull();
  });

  it('when a reviewer opens a case, then the request for information is offered beside the decisions', async () => {
    serve(pendingCase());
    renderCase(staff('reviewer'));

    const rfi = await screen.findByRole('region', { name: 'Request for information' });
    expect(within(rfi).getByRole('button', { name: 'Request information' })).toBeTruthy();
  });

  it('when rejecting without reason or message, then both are required and nothing is sent', async () => {
    const api = serve(pendingCase(), () => ok(pendingCase()));
    const { user } = renderCase(staff('reviewer'));

    await user.click(await screen.findByRole('button', { name: 'Reject, can try again' }));

    expect(screen.getByText('Choose a reason.')).toBeTruthy();
    expect(screen.getByText('Write the message the person will read.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.selectOptions(screen.getByLabelText('Reason'), 'BLURRY_IMAGE');
    await user.click(screen.getByRole('button', { name: 'Reject, can try again' }));
    expect(screen.queryByText('Choose a reason.')).toBeNull();
    expect(screen.getByText('Write the message the person will read.')).toBeTruthy();
    expect(api.callsTo('POST', '/backoffice/api/cases/41/decisions')).toHaveLength(0);
  });

  it('when a RETRY rejection is filled in and confirmed, then reason and message are sent', async () => {
    const api = serve(pendingCase(), () => ok(pendingCase()));
    const { user } = renderCase(staff('reviewer'));

    await user.selectOptions(await screen.findByLabelText('Reason'), 'DOCUMENT_EXPIRED');
    await user.type(screen.getByLabelText(/^Message to the person/), '  Please upload a valid passport.  ');
    await user.click(screen.getByRole('button', { name: 'Reject, can try again' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject level 1?' });
    expect(within(dialog).getByText('Document expired')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Reject level 1' }));

    await screen.findByText(/Rejected; the person can try again/);
    expect(api.callsTo('POST', '/backoffice/api/cases/41/decisions')[0]?.body).toEqual({
      decision: 'reject_retry',
      level: 1,
      reasonCode: 'DOCUMENT_EXPIRED',
      userMessage: 'Please upload a valid passport.',
    });
  });

  it('when the confirmation is cancelled with Escape, then nothing is sent', async () => {
    const api = serve(pendingCase(), () => ok(pendingCase()));
    const { user } = renderCase(staff('reviewer'));

    await user.selectOptions(await screen.findByLabelText('Reason'), 'SUSPECTED_FRAUD');
    await user.type(screen.getByLabelText(/^Message to the person/), 'We cannot verify you.');
    await user.click(screen.getByRole('button', { name: 'Propose final rejection' }));
    const dialog = screen.getByRole('dialog', { name: 'Propose a final rejection of level 1?' });
    // Focus starts on Cancel and stays inside the dialog.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.tab();
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST', '/backoffice/api/cases/41/decisions')).toHaveLength(0);
  });

  it('when Approve is confirmed with a comment and pressed twice while the first request runs, then one decision is sent with the comment', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = serve(pendingCase(), async () => {
      await answered;
      return ok(pendingCase());
    });
    const { user } = renderCase(staff('reviewer'));
    await user.click(await screen.findByRole('button', { name: 'Approve level 1' }));
    // Approving asks for confirmation (issue 10), with an optional comment.
    const dialog = await screen.findByRole('dialog', { name: 'Approve level 1?' });
    await user.type(within(dialog).getByLabelText('Comment (optional)'), '  Checked twice.  ');
    const approve = within(dialog).getByRole('button', { name: 'Approve level 1' });

    await user.click(approve);
    await user.click(approve);
    expect(approve.getAttribute('aria-busy')).toBe('true');
    release();

    await screen.findByText(/Approved\. The case below is up to date/);
    const calls = api.callsTo('POST', '/backoffice/api/cases/41/decisions');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ decision: 'approve', level: 1, comment: 'Checked twice.' });
  });

  it('when the server refuses a decision, then its ret_code is shown as a translated message', async () => {
    serve(pendingCase(), () => fail(30001, 'LEVEL_1: not PENDING'));
    const { user } = renderCase(staff('reviewer'));

    await user.click(await screen.findByRole('button', { name: 'Approve level 1' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve level 1' }));

    expect(await screen.findByText(/This decision is not possible in the case's current state/)).toBeTruthy();
  });

  it('when another reviewer decided first (30081), then the refusal shows translated above the case as it now stands', async () => {
    const pending = pendingCase();
    const decided: CaseView = {
      ...pending,
      levels: pending.levels.map((l) => (l.level === 1 ? { ...l, status: 'SUCCESS' } : l)),
    };
    let reads = 0;
    stubApi({
      'GET /backoffice/api/cases/41': () => ok(reads++ === 0 ? pending : decided),
      'POST /backoffice/api/cases/41/decisions': () => fail(30081, 'already decided: LEVEL_1', 409),
    });
    const { user, i18n } = renderCase(staff('reviewer'));

    await user.click(await screen.findByRole('button', { name: 'Approve level 1' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve level 1' }));

    expect(await screen.findByText(/Another reviewer decided this case in the meantime/)).toBeTruthy();
    expect(reads).toBe(2);
    expect(screen.queryByRole('button', { name: 'Approve level 1' })).toBeNull();

    // Switched to Arabic, the refusal follows the language (it once stayed in English).
    i18n.addResourceBundle('ar-SA', NAMESPACE, arabic);
    await act(() => i18n.changeLanguage('ar-SA'));
    expect(await screen.findByText(arabic.apiErrors.alreadyDecided)).toBeTruthy();
    expect(screen.queryByText(/Another reviewer decided this case/)).toBeNull();
  });

  it('when a re-verification is pending, then it can be rejected with the daily limit option', async () => {
    const verified = pendingCase({
      levels: [
        {
          level: 1,
          status: 'SUCCESS',
          rejectReasonCode: '',
          rejectReason: '',
          finalRejectionProposed: false,
        },
        { level: 2, status: 'ALLOW', rejectReasonCode: '', rejectReason: '', finalRejectionProposed: false },
      ],
      reverification: {
        status: 'DisplayUpdatePOIStatus_Pending',
        deadline: T0 + 86_400_000,
        rejectReason: '',
        site: 'EU',
        country: 'PT',
      },
    });
    const api = serve(verified, () => ok(verified));
    const { user } = renderCase(staff('reviewer'));

    await user.selectOptions(await screen.findByLabelText('Reason'), 'NAME_MISMATCH');
    await user.type(screen.getByLabelText(/^Message to the person/), 'The name differs.');
    await user.click(screen.getByLabelText('Daily attempt limit reached'));
    await user.click(screen.getByRole('button', { name: 'Reject re-verification' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject the re-verification?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject re-verification' }));

    await waitFor(() =>
      expect(api.callsTo('POST', '/backoffice/api/cases/41/decisions')[0]?.body).toEqual({
        decision: 'reject_reverification',
        reasonCode: 'NAME_MISMATCH',
        userMessage: 'The name differs.',
        daily: true,
      }),
    );
    expect(screen.getByRole('button', { name: 'Approve re-verification' })).toBeTruthy();
  });

  it('when an ID update is pending, then approving it sends its submission id', async () => {
    const withUpdate = pendingCase({
      levels: [
        {
          level: 1,
          status: 'SUCCESS',
          rejectReasonCode: '',
          rejectReason: '',
          finalRejectionProposed: false,
        },
        { level: 2, status: 'ALLOW', rejectReasonCode: '', rejectReason: '', finalRejectionProposed: false },
      ],
      reverification: {
        status: 'DisplayUpdatePOIStatus_Needed',
        deadline: T0,
        rejectReason: '',
        site: 'EU',
        country: 'PT',
      },
      submissions: [{ ...nth(pendingCase().submissions, 0), id: 8, kind: 'update_id' }],
    });
    const api = serve(withUpdate, () => ok(withUpdate));
    const { user } = renderCase(staff('reviewer'));

    expect(await screen.findByRole('heading', { name: 'ID update · submission 8' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Approve update' }));

    await screen.findByText(/Update approved/);
    expect(api.callsTo('POST', '/backoffice/api/cases/41/decisions')[0]?.body).toEqual({
      decision: 'approve_update',
      submissionId: 8,
    });
  });

  it('when a person was sent to a vendor, then the vendor panel shows the applicant and the events, payloads collapsed', async () => {
    serve(sumsubCase());
    renderCase(staff('reviewer'));

    const panel = await screen.findByRole('region', { name: 'Verification vendor' });
    const applicants = within(panel).getByRole('table', { name: 'Applicants at verification vendors' });
    expect(within(applicants).getByText('kyc_0123456789abcdef01234567')).toBeTruthy();
    expect(within(applicants).getByText('65f0c0ffee')).toBeTruthy();
    expect(within(applicants).getByText('Review completed')).toBeTruthy();
    const events = within(panel).getByRole('table', { name: 'Vendor events, newest first' });
    expect(within(events).getByText('Rejected for good (to be confirmed)')).toBeTruthy();
    expect(within(events).getByText('Applied')).toBeTruthy();
    expect(within(events).getByText('Ignored: older than the last event')).toBeTruthy();
    expect(within(events).getByText('Reconciliation')).toBeTruthy();
    expect(within(events).getByText('The payload could not be opened.')).toBeTruthy();
    const payload = within(events).getByText('Show payload').closest('details');
    expect(payload?.open).toBe(false);
    expect(payload?.querySelector('pre')?.textContent).toBe('{\n  "reviewAnswer": "RED"\n}');
  });

  it('when a vendor approval was held for a reviewer (issue 18), then the vendor panel and the history say why', async () => {
    const base = sumsubCase();
    const held = {
      id: 3,
      provider: 'sumsub' as const,
      eventType: 'applicantReviewed',
      source: 'webhook' as const,
      level: 1,
      occurredAt: T0 + 60_000,
      receivedAt: T0 + 60_000,
      outcome: 'approved',
      effect: 'held_open_hit',
      payload: null,
      payloadUnreadable: false,
    };
    serve({ ...base, vendor: { ...base.vendor, events: [held, ...base.vendor.events] } });
    renderCase(staff('reviewer'));

    const panel = await screen.findByRole('region', { name: 'Verification vendor' });
    const reason = 'Approval held for a reviewer: a screening hit is still to resolve';
    expect(within(panel).getByText(reason)).toBeTruthy();
    const history = screen.getByRole('region', { name: 'History' });
    const entries = within(history).getAllByRole('listitem');
    // Newest first: the held approval, then Sumsub's proposal.
    expect(within(nth(entries, 0)).getByText('Vendor approval held for a reviewer')).toBeTruthy();
    expect(within(nth(entries, 0)).getByText(reason)).toBeTruthy();
    expect(within(nth(entries, 0)).getByText(/Sumsub \(automatic\)/)).toBeTruthy();
    expect(within(nth(entries, 1)).getByText('Final rejection proposed')).toBeTruthy();
  });

  it('when a person never met a vendor, then the panel says so', async () => {
    serve(pendingCase());
    renderCase(staff('reviewer'));

    const panel = await screen.findByRole('region', { name: 'Verification vendor' });
    expect(within(panel).getByText('This person has no applicant at a verification vendor.')).toBeTruthy();
    expect(within(panel).getByText('No event received from a vendor.')).toBeTruthy();
  });

  it('when Sumsub proposed a final rejection, then it is named as the vendor, a reviewer waits, and a senior may confirm', async () => {
    serve(sumsubCase());
    renderCase(staff('reviewer'));

    expect(
      await screen.findByText(
        "Final rejection proposed by Sumsub — awaiting a senior reviewer's confirmation.",
      ),
    ).toBeTruthy();
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText(/Sumsub \(automatic\)/)).toBeTruthy();
    expect(within(history).queryByText(/#0/)).toBeNull();
    const decisions = screen.getByRole('region', { name: 'Decisions' });
    expect(
      within(decisions).getByText("Proposed by Sumsub — awaiting a senior reviewer's confirmation."),
    ).toBeTruthy();
    expect(within(decisions).queryByRole('button', { name: 'Confirm final rejection' })).toBeNull();
    cleanup();

    serve(sumsubCase());
    renderCase(staff('senior_reviewer'));
    const senior = await screen.findByRole('region', { name: 'Decisions' });
    expect(within(senior).getByRole('button', { name: 'Confirm final rejection' })).toBeTruthy();
  });
});
