// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Button, BUTTON_SIZES, BUTTON_VARIANTS, RIPPLE_DEADLINE_MS } from './button';

const ripples = () => document.querySelectorAll('.btn__ripple');

describe('Button', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('spec §9: every size and every variant has its class; default middle and default', () => {
    expect(BUTTON_SIZES).toEqual(['xx-small', 'x-small', 'small', 'middle', 'large', 'x-large']);
    expect(BUTTON_VARIANTS).toEqual([
      'default',
      'primary',
      'secondary',
      'secondaryBrand',
      'tradeLong',
      'tradeShort',
      'tradeSecondary',
      'marketing',
    ]);
    for (const size of BUTTON_SIZES)
      for (const variant of BUTTON_VARIANTS) {
        const { unmount } = render(
          <Button size={size} variant={variant}>
            Go
          </Button>,
        );
        expect(screen.getByRole('button', { name: 'Go' }).className).toBe(`btn btn--${variant} btn--${size}`);
        unmount();
      }
    render(<Button className="extra">Plain</Button>);
    expect(screen.getByRole('button', { name: 'Plain' }).className).toBe(
      'btn btn--default btn--middle extra',
    );
  });

  it('spec §9 button: type="button" by default, so it never submits a form by accident', () => {
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <Button>Plain</Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Plain' });
    expect(button.getAttribute('type')).toBe('button');
    fireEvent.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('spec §9 button: works as a submit button', () => {
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <Button type="submit">Send</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('spec §9 loading: spinner, aria-busy, not clickable, does not submit', () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <Button type="submit" loading onClick={onClick}>
          Send
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.disabled).toBe(true);
    expect(button.querySelector('.spinner')).not.toBeNull();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('spec §9 disabled: not clickable, no spinner, not busy', () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Off
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Off' }) as HTMLButtonElement;
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(button.disabled).toBe(true);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(button.querySelector('.spinner')).toBeNull();
  });

  it('spec §9: a ripple starts at the pointer and is removed by the 500 ms deadline', () => {
    vi.useFakeTimers();
    const onPointerDown = vi.fn();
    render(<Button onPointerDown={onPointerDown}>Tap</Button>);
    const button = screen.getByRole('button', { name: 'Tap' });
    fireEvent.pointerDown(button, { button: 0, clientX: 10, clientY: 5 });
    fireEvent.pointerDown(button, { button: 0, clientX: 12, clientY: 6 });
    expect(onPointerDown).toHaveBeenCalledTimes(2);
    expect(ripples()).toHaveLength(2);
    expect(ripples()[0]?.getAttribute('aria-hidden')).toBe('true');
    act(() => vi.advanceTimersByTime(RIPPLE_DEADLINE_MS - 1));
    expect(ripples()).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(ripples()).toHaveLength(0);
    expect(RIPPLE_DEADLINE_MS).toBe(500);
  });

  it('spec §9 ripple: none with prefers-reduced-motion, none for a secondary button', () => {
    render(<Button>Tap</Button>);
    const button = screen.getByRole('button', { name: 'Tap' });
    fireEvent.pointerDown(button, { button: 2 });
    expect(ripples()).toHaveLength(0);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
    fireEvent.pointerDown(button, { button: 0 });
    expect(ripples()).toHaveLength(0);
  });
});
