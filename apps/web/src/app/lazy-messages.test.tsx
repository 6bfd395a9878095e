// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../test/i18n';
import { lazyMessenger, MessageRegions } from './lazy-messages';

describe('message regions loaded with the first message (spec §8, §9; decision D20)', () => {
  it('spec §9: nothing is mounted before a message; the first toast loads the regions and shows it', async () => {
    const { container } = render(
      <I18nextProvider i18n={createTestI18n()}>
        <MessageRegions />
      </I18nextProvider>,
    );
    expect(container.innerHTML).toBe('');

    act(() => lazyMessenger.toast({ kind: 'fail', message: 'Network problem, please try again.' }));
    expect(await screen.findByText('Network problem, please try again.')).toBeTruthy();

    act(() => lazyMessenger.notify({ title: 'Timeout', description: 'Please sign in again.' }));
    expect(await screen.findByText('Please sign in again.')).toBeTruthy();
  });
});
