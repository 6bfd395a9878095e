// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import type { DocumentCorrectionAsk } from '@kyc/contracts';
import { clearRequestCache } from '../../../lib/http';
import { registerMessenger } from '../../../lib/messages/messenger';
import { setTelemetryReporter } from '../../../lib/telemetry/telemetry';
import { fail, fetchCall, ok, stubFetch } from '../../../test/fetch';
import { createTestI18n } from '../../../test/i18n';
import errorCodes from '../../../../../../locales/inverse-error-code/en.json';
import { DocumentCorrection } from './document-correction';

const restore: Array<() => void> = [];
const LINE1 = 'P<D<<MUELLER<<ANNA<<<<<<<<<<<<<<<<<<<<<<<<<<';
const LINE2 = 'C01X00T478D<<9001011F3001019<<<<<<<<<<<<<<<2';
const ZONE: DocumentCorrectionAsk = {
  submissionId: 9,
  revision: 0,
  kind: 'mrz',
  fields: [],
  mrz: { reason: 'no_zone', lines: 2, length: 44 },
};
const FIELDS: DocumentCorrectionAsk = {
  submissionId: 9,
  revision: 1,
  kind: 'fields',
  fields: [{ field: 'dateOfBirth', typed: '1990-01-02', document: '1990-01-01', correctable: true }],
  mrz: null,
};

function renderStep() {
  render(
    <I18nextProvider i18n={createTestI18n(errorCodes)}>
      <DocumentCorrection />
    </I18nextProvider>,
  );
}

beforeEach(() => {
  restore.push(
    registerMessenger({ toast: vi.fn(), notify: vi.fn() }),
    setTelemetryReporter(() => undefined),
  );
});

afterEach(() => {
  cleanup();
  while (restore.length) restore.pop()?.();
  clearRequestCache();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the correction step (issue 19)', () => {
  it('nothing asked: nothing shown', async () => {
    const fetch = stubFetch(() => ok({ correction: null, pending: false }));
    renderStep();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('no zone read: the lines are checked in the browser first, a refusal by the check digits is said inline, then the next question (the field that disagrees) follows', async () => {
    const fetch = stubFetch(
      () => ok({ correction: ZONE, pending: false }),
      () => fail(63006, 'lines: check_digit'),
      () => ok({ revision: 1, dataMatch: 'fail', next: FIELDS }),
    );
    renderStep();
    const step = await screen.findByRole('region', { name: 'Type the code printed on your document' });
    const zone = screen.getByLabelText('The code, one line per line');
    expect(zone.getAttribute('dir')).toBe('ltr');
    const send = screen.getByRole('button', { name: 'Check and send' });
    await userEvent.type(zone, LINE1);
    await userEvent.click(send);
    expect(screen.getByText('Type exactly 2 lines.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);

    await userEvent.type(zone, `\n${LINE2}`);
    await userEvent.click(send);
    expect((await screen.findByRole('alert')).textContent).toBe(errorCodes['63006']);
    const first = fetchCall(fetch, 1);
    expect(first.url).toBe('/v3/private/kyc/submit-document-correction');
    expect(JSON.parse(String(first.init.body))).toEqual({
      kind: 'mrz',
      submissionId: 9,
      revision: 0,
      lines: `${LINE1}\n${LINE2}`,
    });
    const key = new Headers(first.init.headers).get('idempotency-key');
    expect(key).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
    expect(step).toBeTruthy();

    await userEvent.click(send);
    const next = await screen.findByRole('region', { name: 'Check the details you typed' });
    expect(next.textContent).toContain('January 2, 1990');
    expect(next.textContent).toContain('January 1, 1990');
    // A refused answer was decided by the server: the next attempt has a new key.
    expect(new Headers(fetchCall(fetch, 2).init.headers).get('idempotency-key')).not.toBe(key);
  });

  it('a field kept: a reason is required, then the answer is sent and the step says it was recorded', async () => {
    const fetch = stubFetch(
      () => ok({ correction: FIELDS, pending: false }),
      () => ok({ revision: 2, dataMatch: 'fail', next: null }),
    );
    renderStep();
    await screen.findByRole('region', { name: 'Check the details you typed' });
    await userEvent.click(screen.getByRole('radio', { name: 'Keep what I typed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send my answer' }));
    expect(screen.getByText('This field is required.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Why is what you typed right?'), 'A printing error.');
    await userEvent.click(screen.getByRole('button', { name: 'Send my answer' }));
    expect(
      await screen.findByText('Thank you, your answer was recorded. Your verification continues.'),
    ).toBeTruthy();
    expect(JSON.parse(String(fetchCall(fetch, 1).init.body))).toEqual({
      kind: 'fields',
      submissionId: 9,
      revision: 1,
      answers: [{ field: 'dateOfBirth', action: 'keep', reason: 'A printing error.' }],
    });
  });

  it('the nationality and document number (D125): the countries by name, a country select and a number checked in the browser, then sent', async () => {
    const ask: DocumentCorrectionAsk = {
      ...FIELDS,
      fields: [
        { field: 'nationality', typed: 'AT', document: 'DE', correctable: true },
        { field: 'documentNumber', typed: 'C01X00T48', document: 'C01X00T47', correctable: true },
      ],
    };
    const fetch = stubFetch(
      () => ok({ correction: ask, pending: false }),
      () => ok({ revision: 2, dataMatch: 'pass', next: null }),
    );
    renderStep();
    const step = await screen.findByRole('region', { name: 'Check the details you typed' });
    expect(step.textContent).toContain('Austria');
    expect(step.textContent).toContain('Germany');
    expect(step.textContent).toContain('C01X00T48');
    const nationality = screen.getByLabelText('Nationality as on the document') as HTMLSelectElement;
    expect(nationality.value).toBe('DE');
    const number = screen.getByLabelText('Document number as on the document') as HTMLInputElement;
    expect(number.value).toBe('C01X00T47');
    expect(number.getAttribute('dir')).toBe('ltr');
    await userEvent.clear(number);
    await userEvent.type(number, 'C01 X00T47');
    await userEvent.click(screen.getByRole('button', { name: 'Send my answer' }));
    expect(
      screen.getByText('Use only the letters A to Z, digits and hyphens, no spaces, at most 20 characters.'),
    ).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    await userEvent.clear(number);
    await userEvent.type(number, 'c01x00t47');
    await userEvent.click(screen.getByRole('button', { name: 'Send my answer' }));
    await screen.findByText('Thank you, your answer was recorded. Your verification continues.');
    expect(JSON.parse(String(fetchCall(fetch, 1).init.body))).toEqual({
      kind: 'fields',
      submissionId: 9,
      revision: 1,
      answers: [
        { field: 'nationality', action: 'correct', value: 'DE' },
        { field: 'documentNumber', action: 'correct', value: 'c01x00t47' },
      ],
    });
  });
});
