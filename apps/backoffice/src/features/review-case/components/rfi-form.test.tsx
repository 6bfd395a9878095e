// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffMe, StaffRole } from '@kyc/contracts';
import { fail, ok, stubApi, type Handler } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { RfiSection } from './rfi-form.tsx';

function staff(role: StaffRole): StaffMe {
  return { id: 7, email: `${role}@kyc.example`, display_name: 'Staff 7', role };
}

const task = {
  id: 't1',
  kind: 'rfi',
  templateCode: 'rfi',
  screen: 'rfiQuestion',
  status: 'UNSUBMIT',
  open: true,
  requestText: 'Explain the deposit of 3 BTC on 2 November.',
  createdAt: Date.UTC(2026, 10, 21),
};

function renderRfi(handler: Handler) {
  const api = stubApi({ 'POST /backoffice/api/users/41/rfi': handler });
  const view = renderAsStaff(
    staff('reviewer'),
    [
      { path: 'cases/:userId', element: <RfiSection userId={41} /> },
      { path: 'questionnaires/:userId/:templateCode', element: <p>rfi response</p> },
    ],
    '/backoffice/cases/41',
  );
  return { ...view, api };
}

afterEach(cleanup);

describe('RfiSection', () => {
  it('when a request is written and sent, then it goes to the API as an rfi and the section says it was sent', async () => {
    const { user, api } = renderRfi(() => ok({ task }));
    const section = screen.getByRole('region', { name: 'Request for information' });

    await user.click(within(section).getByRole('button', { name: 'Request information' }));
    await user.type(
      screen.getByLabelText(/^What the person should provide/),
      '  Explain the deposit of 3 BTC on 2 November.  ',
    );
    await user.click(screen.getByRole('button', { name: 'Send the request' }));

    expect(await screen.findByText('The request was sent. The person now has an open task.')).toBeTruthy();
    const call = api.callsTo('POST', '/backoffice/api/users/41/rfi')[0];
    expect(call?.body).toEqual({
      templateCode: 'rfi',
      requestText: 'Explain the deposit of 3 BTC on 2 November.',
    });
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    const link = screen.getByRole('link', { name: 'Open the request-for-information questionnaire' });
    expect(link.getAttribute('href')).toBe('/backoffice/questionnaires/41/rfi');
    expect(screen.queryByLabelText(/^What the person should provide/)).toBeNull();
  });

  it('when the text is empty, then the field says so and nothing is sent', async () => {
    const { user, api } = renderRfi(() => ok({ task }));

    await user.click(screen.getByRole('button', { name: 'Request information' }));
    await user.type(screen.getByLabelText(/^What the person should provide/), '   ');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));

    expect(screen.getByText('Write what the person should provide.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('when the text is longer than 1000 characters, then the field says so and nothing is sent', async () => {
    const { user, api } = renderRfi(() => ok({ task }));

    await user.click(screen.getByRole('button', { name: 'Request information' }));
    const field = screen.getByLabelText(/^What the person should provide/);
    await user.click(field);
    await user.paste('x'.repeat(1001));
    await user.click(screen.getByRole('button', { name: 'Send the request' }));

    expect(screen.getByText('The request can be at most 1000 characters.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('when the server refuses, then the error is translated and the typed text stays', async () => {
    const { user } = renderRfi(() => fail(10005, 'denied', 403));

    await user.click(screen.getByRole('button', { name: 'Request information' }));
    await user.type(screen.getByLabelText(/^What the person should provide/), 'Proof of address.');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));

    expect(await screen.findByText('Your role does not allow this action.')).toBeTruthy();
    expect((screen.getByLabelText(/^What the person should provide/) as HTMLTextAreaElement).value).toBe(
      'Proof of address.',
    );
  });

  it('when Cancel is pressed, then the form closes and focus returns to the button', async () => {
    const { user } = renderRfi(() => ok({ task }));

    await user.click(screen.getByRole('button', { name: 'Request information' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    const button = screen.getByRole('button', { name: 'Request information' });
    expect(document.activeElement).toBe(button);
  });
});
