// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { fail, fetchCall, ok, stubFetch } from '../../../test/fetch';
import { createTestI18n } from '../../../test/i18n';
import { PartnerLinks } from './partner-links';

const LINK = {
  id: '7',
  businessName: 'Demo Partner',
  since: Date.UTC(2026, 10, 2),
  consentVersion: '2026-11',
};

function renderLinks(errorCodes: Record<string, string> = {}) {
  render(
    <I18nextProvider i18n={createTestI18n(errorCodes)}>
      <PartnerLinks />
    </I18nextProvider>,
  );
}

describe('partner links on the personal page (docs/sdk.md "Partner links")', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('when the person has no link, then nothing is shown', async () => {
    const fetch = stubFetch(() => ok({ links: [] }));
    renderLinks();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('when a link is revoked through the confirmation, then it leaves the list and the status says so', async () => {
    const fetch = stubFetch(
      () => ok({ links: [LINK] }),
      () => ok({ revoked: true }),
    );
    const user = userEvent.setup();
    renderLinks();
    expect(
      await screen.findByRole('heading', { name: 'Apps you share your verification with' }),
    ).toBeTruthy();
    expect(screen.getByText('Demo Partner')).toBeTruthy();
    expect(screen.getByText('Consent version \u20682026-11\u2069')).toBeTruthy();
    expect(screen.getByText(/^Since \u2068.*2026\u2069$/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Revoke Demo Partner' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog.textContent).toContain('Stop sharing with \u2068Demo Partner\u2069?');
    // Nothing is sent before the confirmation.
    expect(fetch).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Revoke access', hidden: true }));

    expect(
      await screen.findByText('You no longer share your verification with \u2068Demo Partner\u2069.'),
    ).toBeTruthy();
    expect(fetchCall(fetch, 1).url).toBe('/v3/private/kyc/partner-links/revoke');
    expect(JSON.parse(String(fetchCall(fetch, 1).init.body))).toEqual({ id: '7' });
    expect(screen.queryByRole('button', { name: 'Revoke Demo Partner' })).toBeNull();
  });

  it('when the revocation is refused, then the translated error shows in the dialog and the link stays', async () => {
    stubFetch(
      () => ok({ links: [LINK] }),
      () => fail(54006, 'no such live link'),
    );
    const user = userEvent.setup();
    renderLinks({ '54006': 'This link no longer exists. Reload the page.' });
    await user.click(await screen.findByRole('button', { name: 'Revoke Demo Partner' }));
    await user.click(screen.getByRole('button', { name: 'Revoke access', hidden: true }));
    expect(await screen.findByText('This link no longer exists. Reload the page.')).toBeTruthy();
    expect(screen.getByText('Demo Partner')).toBeTruthy();
  });
});
