// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffMe } from '@kyc/contracts';
import { fail, ok, stubApi, type Handler } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import type { ResponseView } from '../api/review.ts';
import { eddResponse, EVIDENCE_ID, PDF_ID, response, satos, staff, submission } from '../test/fixtures.ts';
import { ResponsePage } from './response-page.tsx';

const BASE = '/backoffice/api/questionnaires/41';

function serve(view: ResponseView, decide?: Handler) {
  const code = view.template.code;
  return stubApi({
    [`GET ${BASE}/${code}`]: () => ok(view),
    ...(decide ? { [`POST ${BASE}/${code}/decisions`]: decide } : {}),
  });
}

function renderResponse(as: StaffMe, templateCode = 'source-of-funds-wealth') {
  return renderAsStaff(
    as,
    [{ path: 'questionnaires/:userId/:templateCode', Component: ResponsePage }],
    `/backoffice/questionnaires/41/${templateCode}`,
  );
}

afterEach(cleanup);

describe('ResponsePage', () => {
  it('when the response loads, then answers are shown by section with their labels and readable values', async () => {
    serve(response());
    renderResponse(staff('reviewer'));

    expect(await screen.findByRole('heading', { level: 1, name: /Source of funds/ })).toBeTruthy();
    const answers = screen.getByRole('region', { name: 'Answers' });
    expect(within(answers).getByRole('heading', { name: 'Overview' })).toBeTruthy();
    expect(within(answers).getByRole('heading', { name: 'Employment income' })).toBeTruthy();
    const wealth = within(answers).getByText(
      'What is your total wealth, including property and investments?',
    );
    expect(wealth.nextElementSibling?.textContent).toBe('USD 100,000 – 500,000');
    expect(within(answers).getByText('Salary, bonus or other employment income')).toBeTruthy();
    expect(within(answers).getByText('Investments and dividends')).toBeTruthy();
    expect(within(answers).getByText('Acme GmbH')).toBeTruthy();
    expect(within(answers).getByText('85,000')).toBeTruthy();
    expect(within(answers).getByText('Not answered')).toBeTruthy();
    expect(within(answers).getByText('Germany (DE)')).toBeTruthy();
    expect(within(answers).getByText('No')).toBeTruthy();
    expect(within(answers).getByText('Ticked (declared)')).toBeTruthy();
    // The evidence answer links to the second file of the gallery, through the authorised URL.
    const file = within(answers).getByRole('link', { name: 'File 2' });
    expect(file.getAttribute('href')).toBe(`${BASE}/source-of-funds-wealth/evidence/${PDF_ID}`);

    const image = screen.getByRole('img', { name: 'Evidence 1 uploaded by the person' });
    expect(image.getAttribute('src')).toBe(`${BASE}/source-of-funds-wealth/evidence/${EVIDENCE_ID}`);
    const pdf = screen.getByRole('link', { name: 'Open evidence 2 (PDF) in a new tab' });
    expect(pdf.getAttribute('rel')).toContain('noopener');
    const summary = screen.getByRole('region', { name: 'Response' });
    expect(within(summary).getByText('203.0.113.9')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'History' })).getByText('by the person')).toBeTruthy();
  });

  it('when staff decided before, then the history names them, the signed-in member as "you"', async () => {
    const me = staff('reviewer');
    serve(
      response({
        history: [
          { at: 1, event: 'submit', actor: 'user', staffId: null, staffName: null, text: '' },
          { at: 2, event: 'lock', actor: 'staff', staffId: 77, staffName: 'Sam Senior', text: '' },
          { at: 3, event: 'release', actor: 'staff', staffId: me.id, staffName: 'Riley Reviewer', text: '' },
          { at: 4, event: 'lock', actor: 'staff', staffId: 78, staffName: null, text: '' },
        ],
      }),
    );
    renderResponse(me);

    const history = await screen.findByRole('region', { name: 'History' });
    expect(within(history).getByText('by Sam Senior', { exact: false })).toBeTruthy();
    expect(within(history).getByText('by you (Riley Reviewer)', { exact: false })).toBeTruthy();
    // A removed member is still shown by number.
    expect(within(history).getByText('by staff member 78', { exact: false })).toBeTruthy();
  });

  it('when the response is a test, then its score and pass or fail are shown and staff decide nothing', async () => {
    serve(
      response({
        template: {
          code: 'crypto-knowledge-test',
          version: 1,
          kind: 'test',
          review: 'auto',
          title: 'crypto-knowledge-test.title',
        },
        status: 'REJECTED',
        submission: submission({
          status: 'REJECTED',
          score: { score: 6, max: 12, passed: false, band: null },
          answers: [],
        }),
      }),
    );
    renderResponse(staff('admin'), 'crypto-knowledge-test');

    const summary = await screen.findByRole('region', { name: 'Response' });
    expect(within(summary).getByText('6 of 12 points')).toBeTruthy();
    expect(within(summary).getByText('Failed')).toBeTruthy();
    expect(within(summary).getByText(/Decided automatically/)).toBeTruthy();
    expect(screen.getByText('There is nothing to decide on this response right now.')).toBeTruthy();
  });

  it('when a reviewer takes a pending response for review, then lock is sent and the page shows the locked response', async () => {
    const api = serve(response({ status: 'PENDING' }), () =>
      ok(response({ status: 'PENDING_NO_EDIT', submission: submission({ status: 'PENDING_NO_EDIT' }) })),
    );
    const { user } = renderResponse(staff('reviewer'));

    await user.click(await screen.findByRole('button', { name: 'Take for review' }));

    expect(await screen.findByText('You took the response for review.')).toBeTruthy();
    expect(api.callsTo('POST', `${BASE}/source-of-funds-wealth/decisions`)[0]?.body).toEqual({
      decision: 'lock',
    });
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Release unjudged' })).toBeTruthy();
  });

  it('when Reject is pressed without a reason and a message, then both are asked for and nothing is sent', async () => {
    const api = serve(response({ status: 'PENDING_NO_EDIT' }), () => ok(response()));
    const { user } = renderResponse(staff('reviewer'));

    await user.click(await screen.findByRole('button', { name: 'Reject' }));

    expect(screen.getByText('Choose a reason.')).toBeTruthy();
    expect(screen.getByText('Write the message the person will read.')).toBeTruthy();
    expect(api.callsTo('POST', `${BASE}/source-of-funds-wealth/decisions`)).toHaveLength(0);
  });

  it('when a rejection is confirmed, then the reason code and the message are sent', async () => {
    const rejected = response({ status: 'REJECTED', reason: 'Please add payslips.' });
    const api = serve(response({ status: 'PENDING_NO_EDIT' }), () => ok(rejected));
    const { user } = renderResponse(staff('senior_reviewer'));

    await user.selectOptions(await screen.findByLabelText('Reason'), 'INSUFFICIENT_EVIDENCE');
    await user.type(screen.getByLabelText(/^Message to the person/), '  Please add payslips.  ');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this response?' });
    expect(within(dialog).getByText('Evidence insufficient')).toBeTruthy();
    expect(api.callsTo('POST', `${BASE}/source-of-funds-wealth/decisions`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText('The response was rejected. The person sees your message.')).toBeTruthy();
    expect(api.callsTo('POST', `${BASE}/source-of-funds-wealth/decisions`)[0]?.body).toEqual({
      decision: 'reject',
      reasonCode: 'INSUFFICIENT_EVIDENCE',
      userMessage: 'Please add payslips.',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when more information is requested, then the text is required, confirmed and sent', async () => {
    const api = serve(response({ status: 'APPROVED' }), () => ok(response({ status: 'UNSUBMIT' })));
    const { user } = renderResponse(staff('reviewer'));

    await user.click(await screen.findByRole('button', { name: 'Send the request' }));
    expect(screen.getByText('Write what the person should provide.')).toBeTruthy();

    await user.type(screen.getByLabelText(/^What the person should provide/), 'Bank statements for 2025.');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    const dialog = screen.getByRole('dialog', { name: 'Ask for more information?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));

    expect(await screen.findByText(/The request was sent/)).toBeTruthy();
    expect(api.callsTo('POST', `${BASE}/source-of-funds-wealth/decisions`)[0]?.body).toEqual({
      decision: 'request_info',
      requestText: 'Bank statements for 2025.',
    });
  });

  it('when the status changed meanwhile, then the 51001 refusal is explained', async () => {
    serve(response({ status: 'PENDING_NO_EDIT' }), () => fail(51001, 'questionnaire changed meanwhile', 409));
    const { user } = renderResponse(staff('reviewer'));

    await user.click(await screen.findByRole('button', { name: 'Approve' }));

    expect(await screen.findByText(/not possible in the response's current state/)).toBeTruthy();
  });

  it('when an EDD case of a politically exposed person is open, then a reviewer cannot pass it and a senior reviewer can', async () => {
    serve(eddResponse(true));
    renderResponse(staff('reviewer'), 'edd');

    const edd = await screen.findByRole('region', { name: 'Enhanced due diligence case' });
    expect(within(edd).getByText('PEP screening hit')).toBeTruthy();
    expect(screen.getByText(/only a senior reviewer can pass the EDD case/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pass the EDD case' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reject the EDD case' })).toBeTruthy();
    cleanup();

    const api = serve(eddResponse(true), () => ok(eddResponse(true, 'APPROVED')));
    const { user } = renderResponse(staff('senior_reviewer'), 'edd');
    await user.click(await screen.findByRole('button', { name: 'Pass the EDD case' }));
    expect(await screen.findByText('The response was approved.')).toBeTruthy();
    expect(api.callsTo('POST', `${BASE}/edd/decisions`)[0]?.body).toEqual({ decision: 'approve' });
  });

  it('when SATOS deposits wait, then each is decided on its own, naming the deposit', async () => {
    const view = response({
      template: {
        code: 'satos-deposit',
        version: 1,
        kind: 'questionnaire',
        review: 'staff',
        title: 'satos-deposit.title',
      },
      satos: [satos('dep-000001', 'PENDING_NO_EDIT'), satos('dep-000002', 'APPROVED')],
    });
    const api = serve(view, () => ok(view));
    const { user } = renderResponse(staff('reviewer'), 'satos-deposit');

    const group = await screen.findByRole('region', { name: 'Decide on deposit dep-000001' });
    expect(screen.queryByRole('region', { name: 'Decide on deposit dep-000002' })).toBeNull();
    await user.click(within(group).getByRole('button', { name: 'Approve' }));

    await screen.findByText('The response was approved.');
    expect(api.callsTo('POST', `${BASE}/satos-deposit/decisions`)[0]?.body).toEqual({
      decision: 'approve',
      depositRef: 'dep-000001',
    });
  });

  it('when nobody holds the case, then a reviewer assigns it to themselves, keeps it longer and releases it', async () => {
    const until = Date.UTC(2026, 10, 20, 11, 30);
    const held = { staffId: 7, name: 'Staff 7', expiresAt: until, version: 1 };
    stubApi({
      [`GET ${BASE}/source-of-funds-wealth`]: () => ok(response()),
      [`POST ${BASE}/source-of-funds-wealth/claim`]: () => ok({ assignee: held }),
      [`DELETE ${BASE}/source-of-funds-wealth/claim`]: () => ok({ assignee: null }),
    });
    const { user } = renderResponse(staff('reviewer'));

    expect(await screen.findByText('Nobody is working on this case.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByText(/You are working on this case until/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Keep it longer' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('Nobody is working on this case.')).toBeTruthy();
  });

  it('when another reviewer holds the case, then a reviewer only reads who and until when, and a senior takes it away over the claim as read', async () => {
    const other = { staffId: 2, name: 'Rita', expiresAt: Date.now() + 3_600_000, version: 4 };
    const calls = stubApi({
      [`GET ${BASE}/source-of-funds-wealth`]: () => ok(response({ assignee: other })),
      [`DELETE ${BASE}/source-of-funds-wealth/claim`]: () => ok({ assignee: null }),
    });
    renderResponse(staff('reviewer'));
    expect(await screen.findByText(/Rita is working on this case until/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Take away from this reviewer' })).toBeNull();
    cleanup();

    const { user } = renderResponse(staff('senior_reviewer'));
    await user.click(await screen.findByRole('button', { name: 'Take away from this reviewer' }));
    expect(await screen.findByText('Nobody is working on this case.')).toBeTruthy();
    expect(calls.callsTo('DELETE', `${BASE}/source-of-funds-wealth/claim`)[0]?.query.get('version')).toBe(
      '4',
    );
  });

  it('when someone else claimed the case meanwhile, then 55011 is said and nothing is held', async () => {
    stubApi({
      [`GET ${BASE}/source-of-funds-wealth`]: () => ok(response()),
      [`POST ${BASE}/source-of-funds-wealth/claim`]: () => fail(55011),
    });
    const { user } = renderResponse(staff('reviewer'));
    await user.click(await screen.findByRole('button', { name: 'Assign to me' }));
    expect(
      await screen.findByText('Another reviewer has claimed this case. Ask a lead to reassign it.'),
    ).toBeTruthy();
    expect(screen.getByText('Nobody is working on this case.')).toBeTruthy();
  });

  it('when the staff member may not decide, then no decision panel is shown', async () => {
    serve(response({ status: 'PENDING_NO_EDIT' }));
    renderResponse(staff('auditor'));

    await screen.findByRole('region', { name: 'Answers' });
    expect(screen.queryByRole('region', { name: 'Decisions' })).toBeNull();
  });

  it('when the user does not exist, then the page says so', async () => {
    stubApi({ [`GET ${BASE}/edd`]: () => fail(10001, 'userId: no such user', 404) });
    renderResponse(staff('reviewer'), 'edd');

    expect(await screen.findByText('This response no longer exists.')).toBeTruthy();
  });
});
