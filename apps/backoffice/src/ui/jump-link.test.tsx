// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JumpLink } from './jump-link.tsx';

afterEach(cleanup);

describe('JumpLink', () => {
  it('when followed, then the target heading is scrolled to and focused, and the address stays as it was', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    render(
      <>
        <JumpLink targetId="decisions">Go to decisions</JumpLink>
        <h2 id="decisions">Decisions</h2>
      </>,
    );
    const before = window.location.href;

    await userEvent.click(screen.getByRole('link', { name: 'Go to decisions' }));

    const heading = screen.getByRole('heading', { name: 'Decisions' });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(scrollIntoView).toHaveBeenCalledOnce();
    expect(window.location.href).toBe(before);
  });
});
