// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { clearRequestCache } from '../../../lib/http';
import { MemoryRouter } from '../../../lib/router';
import { fail, ok, stubFetch } from '../../../test/fetch';
import { createTestI18n } from '../../../test/i18n';
import { kycStateEntry as entry, kycInfoFixture as info } from '../../../test/kyc-info';
import Step1Screen from './step1-screen';
import Step2Screen from './step2-screen';

function renderScreen(level: 1 | 2) {
  const Screen = level === 1 ? Step1Screen : Step2Screen;
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <MemoryRouter initialEntries={[`/en/auth/step${level}`]}>
        <Screen />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

async function startCard() {
  return within(await screen.findByRole('region', { name: 'What it unlocks' }));
}

afterEach(() => {
  cleanup();
  clearRequestCache();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('step1 / step2 user guides (spec §2)', () => {
  it('step 1: what it needs, photo tips, the level 1 limit and a start link when ALLOW', async () => {
    stubFetch(() => ok(info({ applicant: undefined, state: [entry(1, 'ALLOW'), entry(2, 'NOT_ALLOW')] })));
    renderScreen(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Verification guide: step 1');
    const needs = within(screen.getByRole('region', { name: 'What you need' }));
    expect(needs.getAllByRole('listitem')).toHaveLength(4);
    expect(needs.getByText(/A selfie/)).toBeTruthy();
    const tips = within(screen.getByRole('region', { name: 'Tips for good photos' }));
    expect(tips.getByText(/all four corners/)).toBeTruthy();
    const start = await startCard();
    expect(start.getByText('A daily withdrawal limit of 2 BTC.')).toBeTruthy();
    expect(start.getByRole('link', { name: 'Start step 1' }).getAttribute('href')).toBe(
      '/en/auth/kyc?level=1',
    );
  });

  it('step 2: proof of address needs, the level 2 limit and a start link when ALLOW', async () => {
    stubFetch(() => ok(info()));
    renderScreen(2);
    const needs = within(screen.getByRole('region', { name: 'What you need' }));
    expect(needs.getByText(/A proof of address/)).toBeTruthy();
    const start = await startCard();
    expect(start.getByText('A daily withdrawal limit of 100 BTC.')).toBeTruthy();
    expect(start.getByRole('link', { name: 'Start step 2' }).getAttribute('href')).toBe(
      '/en/auth/kyc?level=2',
    );
  });

  it('FAILED_AND_CAN_RETRY: the link starts the step again', async () => {
    stubFetch(() => ok(info({ state: [entry(1, 'FAILED_AND_CAN_RETRY', 'Blur'), entry(2, 'NOT_ALLOW')] })));
    renderScreen(1);
    const start = await startCard();
    expect(start.getByRole('link', { name: 'Try step 1 again' }).getAttribute('href')).toBe(
      '/en/auth/kyc?level=1',
    );
  });

  it.each([
    [2, [entry(1, 'ALLOW'), entry(2, 'NOT_ALLOW')], 'Complete step 1 first to unlock this step.'],
    [
      1,
      [entry(1, 'NOT_ALLOW'), entry(2, 'NOT_ALLOW')],
      'Verification is not open for your account at the moment.',
    ],
    [1, [entry(1, 'PENDING'), entry(2, 'NOT_ALLOW')], /reviewing your submission/],
    [1, [entry(1, 'SUCCESS'), entry(2, 'ALLOW')], 'Your identity is verified for this level.'],
    [1, [entry(1, 'FAILED_AND_CAN_NOT_RETRY', 'x'), entry(2, 'NOT_ALLOW')], /cannot be submitted again/],
    [2, [entry(1, 'SUCCESS'), entry(2, 'CERTIFICATION_DISABLED')], /not available in your country/],
  ] as const)('step %i not startable: says why and offers no start', async (level, state, text) => {
    stubFetch(() => ok(info({ state: [...state] })));
    renderScreen(level);
    const start = await startCard();
    expect(start.getByText(text)).toBeTruthy();
    expect(start.queryByRole('link', { name: /Start|Try/ })).toBeNull();
  });

  it('a failing kyc-info keeps the guide, shows the error state and retries', async () => {
    stubFetch(
      () => fail(10016, 'internal'),
      () => ok(info()),
    );
    renderScreen(2);
    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('region', { name: 'What you need' })).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await startCard()).getByRole('link', { name: 'Start step 2' })).toBeTruthy();
  });
});
