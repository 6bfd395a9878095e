// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { messenger, registerMessenger, type Messenger } from '../lib/messages/messenger';
import { createTestI18n } from '../test/i18n';
import { showNotification } from './notification';
import {
  showToast,
  toast,
  TOAST_DEFAULT_DURATION_MS,
  TOAST_MAX_VISIBLE,
  TOAST_REMOVAL_DELAY_MS,
  ToastRegion,
} from './toast';

function renderRegion(props: { dismissLabel?: string } = {}) {
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <ToastRegion {...props} />
    </I18nextProvider>,
  );
}

const all = () => [...document.querySelectorAll<HTMLElement>('.toast')];
const open = () => all().filter((el) => el.dataset.state === 'open');
const texts = (elements: HTMLElement[]) =>
  elements.map((el) => el.querySelector('.toast__message')?.lastChild?.textContent?.trim());
const byText = (message: string) => all().find((el) => el.textContent?.includes(message));
const show = (message: string, options?: Parameters<typeof toast.show>[1]) =>
  act(() => {
    toast.show(message, options);
  });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('Toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    act(() => toast.clear());
    cleanup();
    vi.useRealTimers();
  });

  it('spec §9: at most 3 toasts, newest first', () => {
    renderRegion();
    for (const message of ['one', 'two', 'three', 'four']) show(message);
    expect(TOAST_MAX_VISIBLE).toBe(3);
    expect(texts(open())).toEqual(['four', 'three', 'two']);
    // The oldest is closed (leaving), not dropped abruptly.
    expect(byText('one')?.dataset.state).toBe('closed');
  });

  it('spec §9: a toast closes after 3000 ms by default', () => {
    renderRegion();
    show('saved', { kind: 'success' });
    expect(TOAST_DEFAULT_DURATION_MS).toBe(3000);
    advance(2999);
    expect(byText('saved')?.dataset.state).toBe('open');
    advance(1);
    expect(byText('saved')?.dataset.state).toBe('closed');
  });

  it('spec §9 toast: a given duration replaces the default', () => {
    renderRegion();
    show('quick', { duration: 2000 });
    advance(2000);
    expect(byText('quick')?.dataset.state).toBe('closed');
  });

  it('spec §4: open → closed → removed, removal 3 s after dismissal (the closed toast stays for its exit)', () => {
    renderRegion();
    show('bye');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    const closed = byText('bye');
    expect(closed?.dataset.state).toBe('closed');
    expect(closed?.getAttribute('aria-hidden')).toBe('true');
    expect(closed?.hasAttribute('inert')).toBe(true);
    expect(TOAST_REMOVAL_DELAY_MS).toBe(3000);
    advance(2999);
    expect(byText('bye')).toBeDefined();
    advance(1);
    expect(byText('bye')).toBeUndefined();
  });

  it('spec §4: a toast that times out is also removed 3 s after it closes', () => {
    renderRegion();
    show('timed');
    advance(TOAST_DEFAULT_DURATION_MS + TOAST_REMOVAL_DELAY_MS - 1);
    expect(byText('timed')?.dataset.state).toBe('closed');
    advance(1);
    expect(all()).toHaveLength(0);
  });

  it('spec §9: Escape dismisses the newest toast', () => {
    renderRegion();
    show('older');
    show('newer');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(texts(open())).toEqual(['older']);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(open()).toHaveLength(0);
    fireEvent.keyDown(document, { key: 'Enter' });
  });

  it('spec §9: swiping a toast down dismisses it; a short drag does not', () => {
    renderRegion();
    show('swipe me');
    const element = byText('swipe me');
    if (!element) throw new Error('no toast');
    fireEvent.pointerDown(element, { pointerId: 1, isPrimary: true, clientY: 100 });
    fireEvent.pointerMove(element, { pointerId: 1, isPrimary: true, clientY: 120 });
    expect(element.style.transform).toBe('translateY(20px)');
    fireEvent.pointerUp(element, { pointerId: 1, isPrimary: true, clientY: 120 });
    expect(element.dataset.state).toBe('open');
    expect(element.style.transform).toBe('');

    fireEvent.pointerDown(element, { pointerId: 2, isPrimary: true, clientY: 100 });
    fireEvent.pointerMove(element, { pointerId: 2, isPrimary: true, clientY: 160 });
    fireEvent.pointerUp(element, { pointerId: 2, isPrimary: true, clientY: 160 });
    expect(element.dataset.state).toBe('closed');
  });

  it('spec §9: swiping up or a cancelled gesture keeps the toast', () => {
    renderRegion();
    show('stay');
    const element = byText('stay');
    if (!element) throw new Error('no toast');
    fireEvent.pointerDown(element, { pointerId: 1, isPrimary: true, clientY: 100 });
    fireEvent.pointerMove(element, { pointerId: 1, isPrimary: true, clientY: 20 });
    fireEvent.pointerUp(element, { pointerId: 1, isPrimary: true, clientY: 20 });
    fireEvent.pointerDown(element, { pointerId: 2, isPrimary: true, clientY: 100 });
    fireEvent.pointerMove(element, { pointerId: 2, isPrimary: true, clientY: 200 });
    fireEvent.pointerCancel(element, { pointerId: 2, isPrimary: true, clientY: 200 });
    expect(element.dataset.state).toBe('open');
  });

  it('spec §9: the process icon spins; with duration 0 a process toast stays until replaced', () => {
    renderRegion();
    show('uploading', { kind: 'process', duration: 0, id: 'upload' });
    const element = byText('uploading');
    expect(element?.querySelector('.message-icon--process')).not.toBeNull();
    advance(60_000);
    expect(byText('uploading')?.dataset.state).toBe('open');

    show('uploaded', { kind: 'success', id: 'upload' });
    expect(all()).toHaveLength(1);
    expect(byText('uploaded')?.className).toContain('toast--success');
    advance(TOAST_DEFAULT_DURATION_MS);
    expect(byText('uploaded')?.dataset.state).toBe('closed');
  });

  it('spec §9: a process toast with duration 0 stays until dismissed', () => {
    renderRegion();
    show('working', { kind: 'process', duration: 0 });
    advance(60_000);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(byText('working')?.dataset.state).toBe('closed');
  });

  it('spec §9 kinds: fail and warn are alerts, the others polite statuses, each named for assistive technology', () => {
    renderRegion();
    for (const kind of ['fail', 'info', 'warn'] as const) show(`${kind} text`, { kind });
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toEqual([
      'Warning warn text',
      'Error fail text',
    ]);
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual(['Information info text']);
    for (const kind of ['success', 'process'] as const) show(`${kind} text`, { kind });
    // Three open at most: the closed ones are hidden from assistive technology.
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual([
      'In progress process text',
      'Success success text',
    ]);
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toEqual(['Warning warn text']);
  });

  it('spec §9 toast: the dismiss button is visible and translated; the app may pass its own label', () => {
    renderRegion({ dismissLabel: 'Close' });
    show('hello');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(byText('hello')?.dataset.state).toBe('closed');
  });

  it('spec §9 toast: the timer pauses while the pointer is on a toast (WCAG 2.2.1), and resumes after', () => {
    renderRegion();
    show('read me');
    const element = byText('read me');
    if (!element) throw new Error('no toast');
    advance(1000);
    fireEvent.pointerEnter(element);
    advance(10_000);
    expect(element.dataset.state).toBe('open');
    fireEvent.pointerLeave(element);
    advance(1999);
    expect(element.dataset.state).toBe('open');
    advance(1);
    expect(element.dataset.state).toBe('closed');
  });

  it('spec §8: registered as the Messenger, error toasts from lib/ reach the region', () => {
    renderRegion();
    const implementation: Messenger = { toast: showToast, notify: showNotification };
    const unregister = registerMessenger(implementation);
    act(() => messenger.toast({ kind: 'fail', message: 'Timeout, token error.', duration: 3000 }));
    expect(screen.getByRole('alert').textContent).toBe('Error Timeout, token error.');
    unregister();
  });
});
