// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { clearRequestCache } from '../../../lib/http';
import { registerMessenger } from '../../../lib/messages/messenger';
import { setTelemetryReporter } from '../../../lib/telemetry/telemetry';
import { createTestI18n } from '../../../test/i18n';
import { stubXhr } from '../../../test/xhr';
import { EvidenceField } from './evidence-field';

const ID_A = 'a'.repeat(32);
const changes = vi.fn<(ids: string[]) => void>();

function Harness({ initial = [] as string[] }) {
  const [ids, setIds] = useState<string[]>(initial);
  return (
    <I18nextProvider i18n={createTestI18n()}>
      <EvidenceField
        id="proof"
        label="Proof of funds"
        optional={null}
        help={null}
        error={null}
        value={ids}
        maxFiles={2}
        onChange={(next) => {
          changes(next);
          setIds(next);
        }}
      />
    </I18nextProvider>
  );
}

const restore: Array<() => void> = [];
beforeEach(() => {
  changes.mockReset();
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
});

const pdf = (name = 'statement.pdf', size = 1000) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });

describe('EvidenceField (questionnaire evidence uploads)', () => {
  it('uploads a file to questionnaire-evidence with progress and adds its document id to the answer', async () => {
    const requests = stubXhr();
    render(<Harness />);
    await userEvent.upload(screen.getByLabelText('Upload a file'), pdf());
    const request = requests[0];
    expect(request?.call.method).toBe('POST');
    expect(request?.call.url).toBe('/v3/private/kyc/questionnaire-evidence');
    expect((request?.call.body as FormData).get('file')).toBeInstanceOf(File);

    act(() => request?.progress(400, 1000));
    const bar = screen.getByLabelText('Uploading statement.pdf');
    expect(bar.getAttribute('value')).toBe('40');

    act(() =>
      request?.respond(200, {
        ret_code: 0,
        ret_msg: 'OK',
        result: { documentId: ID_A, mime: 'application/pdf', size: 1000, sha256: 'x' },
      }),
    );
    await waitFor(() => expect(changes).toHaveBeenLastCalledWith([ID_A]));
    expect(screen.getByText('statement.pdf')).toBeTruthy();
    expect(screen.queryByLabelText('Uploading statement.pdf')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Remove statement.pdf' }));
    expect(changes).toHaveBeenLastCalledWith([]);
  });

  it('refuses a file of another type or above 10 MB without sending it', async () => {
    const requests = stubXhr();
    render(<Harness />);
    const input = screen.getByLabelText('Upload a file');
    await userEvent.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(screen.getByText('notes.txt is not a JPEG, PNG or PDF file.')).toBeTruthy();
    await userEvent.upload(input, pdf('huge.pdf', 10 * 1024 * 1024 + 1));
    expect(screen.getByText('huge.pdf is larger than 10 MB.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('says which file failed when the upload fails, and offers no more uploads once full', async () => {
    const requests = stubXhr();
    render(<Harness initial={[ID_A]} />);
    expect(screen.getByText('Document 1')).toBeTruthy();
    await userEvent.upload(screen.getByLabelText('Upload a file'), pdf('bank.pdf'));
    act(() => requests[0]?.networkError());
    expect(await screen.findByText('bank.pdf could not be uploaded. Please try again.')).toBeTruthy();
    await userEvent.upload(screen.getByLabelText('Upload a file'), pdf('bank.pdf'));
    act(() =>
      requests[1]?.respond(200, {
        ret_code: 0,
        ret_msg: 'OK',
        result: { documentId: 'b'.repeat(32), mime: 'application/pdf', size: 1000, sha256: 'x' },
      }),
    );
    await waitFor(() => expect(changes).toHaveBeenLastCalledWith([ID_A, 'b'.repeat(32)]));
    expect(screen.queryByLabelText('Upload a file')).toBeNull();
  });
});
