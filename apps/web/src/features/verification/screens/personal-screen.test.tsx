// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from '../../../lib/router';
import { clearRequestCache } from '../../../lib/http';
import { createAppStore } from '../../../lib/store/create-store';
import { setUserInfo } from '../../../lib/store/global-slice';
import { fail, fetchCall, ok, stubFetch as stubAll } from '../../../test/fetch';
import { createTestI18n } from '../../../test/i18n';
import { kycStateEntry as entry, kycInfoFixture as info } from '../../../test/kyc-info';
import type { ComplianceTask, Notice } from '@kyc/contracts';
import PersonalScreen from './personal-screen';

function renderScreen() {
  const store = createAppStore();
  store.dispatch(setUserInfo({ id: 1001, email: 'l***@demo.test', currency_code: 'USD' }));
  render(
    <Provider store={store}>
      <I18nextProvider i18n={createTestI18n()}>
        <MemoryRouter initialEntries={['/en/auth/personal']}>
          <PersonalScreen />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
}

interface Extras {
  notices?: Notice[];
  tasks?: ComplianceTask[];
}

/**
 * kyc-info answers in order from `answers`; the page's other calls (notices, marking them read,
 * compliance tasks, partner links) answer from `extras` (nothing open by default).
 */
function stubKyc(answers: Array<() => Response>, extras: Extras = {}) {
  const queue = [...answers];
  return stubAll(
    ...Array.from({ length: 20 }, () => async () => {
      throw new Error('replaced below');
    }),
  ).mockImplementation(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/notices/read')) return ok({ unread: 0 });
    if (url.endsWith('/notices')) {
      const notices = extras.notices ?? [];
      return ok({ unread: notices.length, notices });
    }
    if (url.endsWith('/compliance-tasks')) return ok({ tasks: extras.tasks ?? [] });
    if (url.endsWith('/partner-links')) return ok({ links: [] });
    const next = queue.shift();
    if (!next) throw new Error(`unexpected fetch ${url}`);
    return next();
  });
}
const stubFetch = (...answers: Array<() => Response>) => stubKyc(answers);

async function stepCard(name: RegExp) {
  return within(await screen.findByRole('region', { name }));
}

const DEADLINE = Date.UTC(2026, 11, 24, 12, 0);

describe('PersonalScreen (spec §2 /auth/personal, §3 KYC info, §4 step statuses)', () => {
  afterEach(() => {
    cleanup();
    clearRequestCache();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('spec §7: asks kyc-info with the spec body and keeps the heading and the account card', async () => {
    const fetch = stubFetch(() => ok(info()));
    renderScreen();
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByText('l***@demo.test')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading your verification status');
    // The loading state is a skeleton of the final cards, so nothing shifts when they arrive (CLS).
    expect(screen.getByRole('status').querySelectorAll('.verification-skeleton__box')).toHaveLength(4);
    await screen.findByRole('region', { name: 'Verification level' });
    const { url, init } = fetchCall(fetch);
    expect(url).toBe('/v3/private/kyc/kyc-info');
    expect(JSON.parse(String(init.body))).toEqual({
      obtain_kyc_token: false,
      obtain_current: true,
      obtain_quotas: true,
      obtain_state: true,
      obtain_aml_questionnaire: true,
      obtain_verification_process: true,
    });
  });

  it('spec §4: shows the current level and the BTC quota of that level', async () => {
    stubFetch(() => ok(info({ applicant: undefined, currentLevelQuota: 100, state: [] })));
    renderScreen();
    const level = await stepCard(/Verification level/);
    expect(level.getByText('Not verified yet')).toBeTruthy();
    expect(level.getByText('100 BTC')).toBeTruthy();
  });

  it('spec §4: level 1 shows "Level 1" and its quota; a level of 0 quota shows 0 BTC', async () => {
    stubFetch(() => ok(info()));
    renderScreen();
    const level = await stepCard(/Verification level/);
    expect(level.getByText('Level 1')).toBeTruthy();
    expect(level.getByText('2 BTC')).toBeTruthy();
  });

  it('spec §4 ALLOW: a "Verify" link to the kyc screen of that level', async () => {
    stubFetch(() => ok(info({ state: [entry(1, 'ALLOW'), entry(2, 'NOT_ALLOW')] })));
    renderScreen();
    const step1 = await stepCard(/Step 1/);
    const link = step1.getByRole('link', { name: /Verify: Step 1/ });
    expect(link.getAttribute('href')).toBe('/en/auth/kyc?level=1');
    expect(link.textContent).toBe('Verify');
    expect(step1.getByText('Not started')).toBeTruthy();
    expect(step1.getByText('Unlocks a daily withdrawal limit of 2 BTC.')).toBeTruthy();
  });

  it('spec §4 NOT_ALLOW: step 2 is locked until step 1 is complete', async () => {
    stubFetch(() => ok(info({ state: [entry(1, 'ALLOW'), entry(2, 'NOT_ALLOW')] })));
    renderScreen();
    const step2 = await stepCard(/Step 2/);
    expect(step2.getByText('Locked')).toBeTruthy();
    expect(step2.getByText('Complete step 1 first to unlock this step.')).toBeTruthy();
    expect(step2.queryByRole('link')).toBeNull();
  });

  it('spec §4: a missing state entry is NOT_ALLOW', async () => {
    stubFetch(() => ok(info({ state: [] })));
    renderScreen();
    const step1 = await stepCard(/Step 1/);
    expect(step1.getByText('Verification is not open for your account at the moment.')).toBeTruthy();
  });

  it('spec §4 PENDING: "Under review" with a notice and no action', async () => {
    stubFetch(() => ok(info({ state: [entry(1, 'PENDING'), entry(2, 'NOT_ALLOW')] })));
    renderScreen();
    const step1 = await stepCard(/Step 1/);
    expect(step1.getByText('Under review')).toBeTruthy();
    expect(step1.getByRole('status').textContent).toMatch(/reviewing your submission/);
    expect(step1.queryByRole('link')).toBeNull();
  });

  it('spec §4 SUCCESS: "Verified"; level 2 ALLOW links to level 2', async () => {
    stubFetch(() => ok(info()));
    renderScreen();
    const step1 = await stepCard(/Step 1/);
    expect(step1.getByText('Verified')).toBeTruthy();
    expect(step1.queryByRole('link')).toBeNull();
    const step2 = await stepCard(/Step 2/);
    expect(step2.getByRole('link', { name: /Verify: Step 2/ }).getAttribute('href')).toBe(
      '/en/auth/kyc?level=2',
    );
  });

  it('spec §4 FAILED_AND_CAN_RETRY: the reject reason and "Try again"', async () => {
    stubFetch(() =>
      ok(info({ state: [entry(1, 'FAILED_AND_CAN_RETRY', 'The photo is blurred.'), entry(2, 'NOT_ALLOW')] })),
    );
    renderScreen();
    const step1 = await stepCard(/Step 1/);
    expect(step1.getByText('The photo is blurred.')).toBeTruthy();
    expect(step1.getByRole('link', { name: /Try again: Step 1/ }).getAttribute('href')).toBe(
      '/en/auth/kyc?level=1',
    );
  });

  it('spec §4 FAILED_AND_CAN_NOT_RETRY: the reason and a contact-support link, no retry', async () => {
    stubFetch(() =>
      ok(info({ state: [entry(1, 'FAILED_AND_CAN_NOT_RETRY', 'Document forged.'), entry(2, 'NOT_ALLOW')] })),
    );
    renderScreen();
    const step1 = await stepCard(/Step 1/);
    expect(step1.getByText('Document forged.')).toBeTruthy();
    expect(step1.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toMatch(
      /web-form-issue-report/,
    );
    expect(step1.queryByRole('link', { name: /Try again/ })).toBeNull();
  });

  it('spec §4 CERTIFICATION_DISABLED: not available in the country', async () => {
    stubFetch(() =>
      ok(
        info({
          state: [entry(1, 'CERTIFICATION_DISABLED'), entry(2, 'CERTIFICATION_DISABLED')],
          bannerTags: ['KYC_COUNTRY_DISABLED', 'SOMETHING_ELSE'],
        }),
      ),
    );
    renderScreen();
    const step1 = await stepCard(/Step 1/);
    expect(step1.getByText('Not available')).toBeTruthy();
    expect(step1.getByText('Identity verification is not available in your country.')).toBeTruthy();
    const banners = screen.getByRole('list', { name: 'Account notices' });
    expect(within(banners).getAllByRole('listitem')).toHaveLength(1);
  });

  it('spec §3 bannerTags: each known tag is shown as a notice', async () => {
    stubFetch(() => ok(info({ bannerTags: ['KYC_PENDING', 'ACCOUNT_LIMITED'] })));
    renderScreen();
    const banners = await screen.findByRole('list', { name: 'Account notices' });
    expect(within(banners).getByText('Your verification is under review.')).toBeTruthy();
    expect(within(banners).getByText('Some features of your account are limited.')).toBeTruthy();
  });

  it('issue 18: a frozen account shows the restricted state with a support link, and no step to start', async () => {
    stubFetch(() =>
      ok(
        info({
          limitation: 'LIMITATION_ACCOUNT_FROZEN',
          limitationInfo: { reason: '' },
          bannerTags: ['ACCOUNT_LIMITED'],
          state: [entry(1, 'ALLOW'), entry(2, 'NOT_ALLOW')],
        }),
      ),
    );
    renderScreen();
    expect(await screen.findByText(/You cannot submit verification documents/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your account is restricted' })).toBeTruthy();
    const support = screen.getByRole('link', { name: 'Contact support' });
    expect(support.getAttribute('href')).toMatch(/\/help\//);
    expect(screen.queryByText(/Step 1/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'How this step works' })).toBeNull();
  });

  it('spec §2 step1/step2: a startable step links to its user guide', async () => {
    stubFetch(() => ok(info({ state: [entry(1, 'FAILED_AND_CAN_RETRY', 'Blur'), entry(2, 'NOT_ALLOW')] })));
    renderScreen();
    const step1 = await stepCard(/Step 1/);
    expect(step1.getByRole('link', { name: 'How this step works' }).getAttribute('href')).toBe(
      '/en/auth/step1',
    );
    const step2 = await stepCard(/Step 2/);
    expect(step2.queryByRole('link', { name: 'How this step works' })).toBeNull();
  });

  it.each([
    [
      'level 1 verified',
      [entry(1, 'SUCCESS'), entry(2, 'ALLOW')],
      ['/en/auth/updatekyc', '/en/auth/resetkyc'],
    ],
    [
      'both levels verified',
      [entry(1, 'SUCCESS'), entry(2, 'SUCCESS')],
      ['/en/auth/updatekyc', '/en/auth/updatePOA', '/en/auth/resetkyc'],
    ],
    ['level 2 under review', [entry(1, 'SUCCESS'), entry(2, 'PENDING')], ['/en/auth/updatekyc']],
  ])(
    'spec §2 updatekyc/updatePOA/resetkyc: %s links to what the status allows',
    async (_name, state, hrefs) => {
      stubFetch(() => ok(info({ state })));
      renderScreen();
      const manage = await stepCard(/Manage your verification/);
      expect(manage.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(hrefs);
    },
  );

  it('nothing to update or reset: no manage card', async () => {
    stubFetch(() => ok(info({ applicant: undefined, state: [entry(1, 'ALLOW'), entry(2, 'NOT_ALLOW')] })));
    renderScreen();
    await stepCard(/Step 1/);
    expect(screen.queryByRole('region', { name: 'Manage your verification' })).toBeNull();
  });

  it('spec §8: a failing kyc-info shows the error state; retry loads again', async () => {
    stubFetch(
      () => fail(10000, 'server error'),
      () => ok(info()),
    );
    renderScreen();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't load your verification status");
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Verification level' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Re-verification panel (spec §2 re-verification screen, §4 re-verification status)', () => {
  afterEach(() => {
    cleanup();
    clearRequestCache();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const TURKEY = { site: 'TUR', country: 'TR' };

  it('spec §4 DisplayUpdatePOIStatus_No: the panel is hidden', async () => {
    stubFetch(() => ok(info()));
    renderScreen();
    await screen.findByRole('region', { name: 'Verification level' });
    expect(screen.queryByRole('region', { name: 'Re-verification' })).toBeNull();
  });

  it('spec §2/§4 Needed, default region: note, deadline, Indian-ID requirements and a verify button', async () => {
    stubFetch(() => ok(info({}, { status: 'DisplayUpdatePOIStatus_Needed', deadline: DEADLINE })));
    renderScreen();
    const panel = await stepCard(/Re-verification/);
    expect(panel.getByText('Important note')).toBeTruthy();
    expect(panel.getByText(/Please complete re-verification by .*2026/)).toBeTruthy();
    expect(panel.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Use an identity document issued in India.',
      'A PAN card is not accepted.',
      'One identity can be verified for a single account only.',
    ]);
    // Starting a session (sdk-access, then the SDK page) is tested in reverification-panel.test.tsx.
    expect((panel.getByRole('button', { name: 'Verify' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('spec §2/§4 Needed, Turkey region: interview and NFC requirements, a download-the-app instruction', async () => {
    stubFetch(() =>
      ok(info({}, { status: 'DisplayUpdatePOIStatus_Needed', deadline: DEADLINE, siteInfo: TURKEY })),
    );
    renderScreen();
    const panel = await stepCard(/Re-verification/);
    expect(panel.getAllByRole('listitem')).toHaveLength(2);
    expect(panel.getByText(/video interview/)).toBeTruthy();
    expect(panel.getByText(/NFC/)).toBeTruthy();
    expect(panel.getByText(/Download the app/)).toBeTruthy();
    expect(panel.queryByRole('link')).toBeNull();
    expect(panel.queryByRole('button')).toBeNull();
  });

  it('spec §2: only site and country both Turkey give the Turkey region', async () => {
    stubFetch(() =>
      ok(info({}, { status: 'DisplayUpdatePOIStatus_Needed', siteInfo: { site: 'GLOBAL', country: 'TR' } })),
    );
    renderScreen();
    const panel = await stepCard(/Re-verification/);
    expect(panel.getByText('A PAN card is not accepted.')).toBeTruthy();
  });

  it('spec §4 Pending: processing notice with the deadline and a disabled "Reviewing" button', async () => {
    stubFetch(() => ok(info({}, { status: 'DisplayUpdatePOIStatus_Pending', deadline: DEADLINE })));
    renderScreen();
    const panel = await stepCard(/Re-verification/);
    expect(panel.getByRole('status').textContent).toMatch(
      /processing your documents.*review will be finished by .*2026/i,
    );
    expect((panel.getByRole('button', { name: 'Reviewing' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('spec §4 Rejected, default region: "Review failed", the server reason and an enabled resubmit', async () => {
    stubFetch(() =>
      ok(info({}, { status: 'DisplayUpdatePOIStatus_Rejected', rejectReason: 'PAN card uploaded.' })),
    );
    renderScreen();
    const panel = await stepCard(/Re-verification/);
    expect(panel.getByText('Review failed')).toBeTruthy();
    expect(panel.getByText('PAN card uploaded.')).toBeTruthy();
    expect((panel.getByRole('button', { name: 'Resubmit' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('spec §4 Rejected, Turkey region: resubmit disabled, the app is required', async () => {
    stubFetch(() =>
      ok(
        info(
          {},
          { status: 'DisplayUpdatePOIStatus_Rejected', rejectReason: 'NFC read failed.', siteInfo: TURKEY },
        ),
      ),
    );
    renderScreen();
    const panel = await stepCard(/Re-verification/);
    expect(panel.getByText('NFC read failed.')).toBeTruthy();
    expect(panel.getByText(/only be resubmitted in our mobile app/)).toBeTruthy();
    expect((panel.getByRole('button', { name: 'Resubmit in the app' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(panel.queryByRole('link')).toBeNull();
  });

  it.each([
    ['default', { site: 'GLOBAL', country: 'IN' }, 'Resubmit'],
    ['Turkey', TURKEY, 'Resubmit in the app'],
  ])('spec §4 Rejected_Daily, %s region: resubmit always disabled', async (_region, siteInfo, label) => {
    stubFetch(() =>
      ok(info({}, { status: 'DisplayUpdatePOIStatus_Rejected_Daily', rejectReason: 'Blurred.', siteInfo })),
    );
    renderScreen();
    const panel = await stepCard(/Re-verification/);
    expect(panel.getByText('Review failed')).toBeTruthy();
    expect(panel.getByText(/used today's attempts/)).toBeTruthy();
    expect((panel.getByRole('button', { name: label }) as HTMLButtonElement).disabled).toBe(true);
    expect(panel.queryByRole('link')).toBeNull();
  });

  describe('issue 10: what to do next', () => {
    const TASK: ComplianceTask = {
      id: '7',
      kind: 'rfi',
      templateCode: 'rfi',
      screen: 'rfiQuestion',
      status: 'UNSUBMIT',
      open: true,
      requestText: 'Explain the deposit.',
      createdAt: Date.UTC(2026, 10, 1),
      dueAt: Date.UTC(2026, 11, 1, 12, 0),
    };

    it('lists the open items with their links and deadlines, and the link to the task list', async () => {
      stubKyc([() => ok(info({ state: [entry(1, 'SUCCESS'), entry(2, 'ALLOW')] }))], { tasks: [TASK] });
      renderScreen();
      const next = await stepCard(/What to do next/);
      await vi.waitFor(() => expect(next.getAllByRole('link')).toHaveLength(3));
      const links = next.getAllByRole('link');
      expect(links.map((l) => l.getAttribute('href'))).toEqual([
        '/en/auth/kyc?level=2',
        '/en/auth/rfiQuestion',
        '/en/auth/complianceTasks',
      ]);
      expect(links[0]?.textContent).toBe('Verify your identity: level 2');
      expect(next.getByText(/^Due by .*2026/)).toBeTruthy();
    });

    it('says when nothing is open', async () => {
      stubKyc([() => ok(info({ state: [entry(1, 'SUCCESS'), entry(2, 'SUCCESS')] }))]);
      renderScreen();
      const next = await stepCard(/What to do next/);
      expect(await next.findByText('Nothing to do right now. New tasks appear here.')).toBeTruthy();
    });

    it('shows a decision as a new notice and marks it read once shown', async () => {
      const notice: Notice = {
        id: '42',
        kind: 'kyc_level',
        ref: 'LEVEL_1',
        outcome: 'approved',
        createdAt: Date.UTC(2026, 10, 20),
      };
      const fetch = stubKyc([() => ok(info())], { notices: [notice] });
      renderScreen();
      const notices = await stepCard(/Decisions since your last visit/);
      expect(notices.getByText('Your level 1 verification was approved.')).toBeTruthy();
      expect(notices.getByText('New')).toBeTruthy();
      await vi.waitFor(() => {
        const read = fetch.mock.calls.find(([url]) => String(url).endsWith('/notices/read'));
        expect(JSON.parse(String(read?.[1]?.body))).toEqual({ ids: ['42'] });
      });
    });

    it('a rejection shows the reason code translated, what to fix, and the reviewer note', async () => {
      stubKyc([
        () =>
          ok(
            info({
              state: [
                {
                  ...entry(1, 'FAILED_AND_CAN_RETRY', 'Passport page 2 is cut off.'),
                  rejectReasonCode: 'BLURRY_IMAGE',
                },
                entry(2, 'NOT_ALLOW'),
              ],
            }),
          ),
      ]);
      renderScreen();
      const step1 = await stepCard(/Step 1/);
      expect(step1.getByText('What to fix')).toBeTruthy();
      expect(step1.getByText(/A photo was blurred or hard to read/)).toBeTruthy();
      expect(step1.getByText('Passport page 2 is cut off.')).toBeTruthy();
      expect(step1.getByRole('link', { name: /Try again: Step 1/ })).toBeTruthy();
    });
  });
});
