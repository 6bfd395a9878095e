// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import en from '../../../../../../locales/user-accounts/en.json';
import { createTestI18n } from '../../../test/i18n';
import { Footer } from './footer';

const renderFooter = (props: Parameters<typeof Footer>[0]) =>
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <Footer {...props} />
    </I18nextProvider>,
  );

describe('Footer (spec §2 page chrome)', () => {
  afterEach(cleanup);

  it('in a portal page: the six help-center links and the copyright', () => {
    renderFooter({});
    expect(screen.getByRole('navigation', { name: en.helpCenter.title })).toBeTruthy();
    expect(screen.getAllByRole('link')).toHaveLength(6);
    expect(screen.getByRole('link', { name: en.helpCenter.faq })).toBeTruthy();
  });

  it("in SDK mode: no link leads out of the partner's flow; the footer says where help comes from", () => {
    renderFooter({ embedded: true });
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByText(en.footer.embeddedHelp)).toBeTruthy();
  });
});
