// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../test/i18n';
import {
  loadNotificationView,
  notification,
  NOTIFICATION_DEFAULT_DURATION_MS,
  NOTIFICATION_MAX_VISIBLE,
  NOTIFICATION_REMOVAL_DELAY_MS,
  NotificationRegion,
  showNotification,
} from './notification';
import { toast, ToastRegion } from './toast';

function renderRegions() {
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <ToastRegion />
      <NotificationRegion />
    </I18nextProvider>,
  );
}

const all = () => [...document.querySelectorAll<HTMLElement>('.notification')];
const open = () => all().filter((el) => el.dataset.state === 'open');
const titles = (elements: HTMLElement[]) =>
  elements.map((el) => el.querySelector('.notification__title')?.lastChild?.textContent?.trim());
const byTitle = (title: string) => all().find((el) => el.textContent?.includes(title));
const openOne = (title: string, extra: Partial<Parameters<typeof notification.open>[0]> = {}) =>
  act(() => {
    notification.open({ title, description: `${title} details`, ...extra });
  });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('Notification', () => {
  // The view is loaded on demand in the app; here it is there from the start.
  beforeAll(() => loadNotificationView());

  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    act(() => {
      notification.clear();
      toast.clear();
    });
    cleanup();
    vi.useRealTimers();
  });

  it('spec §9: a notification closes after 4.5 s by default', () => {
    renderRegions();
    openOne('Approved', { kind: 'success' });
    expect(NOTIFICATION_DEFAULT_DURATION_MS).toBe(4500);
    advance(4499);
    expect(byTitle('Approved')?.dataset.state).toBe('open');
    advance(1);
    expect(byTitle('Approved')?.dataset.state).toBe('closed');
    advance(NOTIFICATION_REMOVAL_DELAY_MS);
    expect(all()).toHaveLength(0);
  });

  it('spec §9: at most 4 notifications, newest first', () => {
    renderRegions();
    for (const title of ['n1', 'n2', 'n3', 'n4', 'n5']) openOne(title);
    expect(NOTIFICATION_MAX_VISIBLE).toBe(4);
    expect(titles(open())).toEqual(['n5', 'n4', 'n3', 'n2']);
    expect(byTitle('n1')?.dataset.state).toBe('closed');
  });

  it('spec §9: the close button (translated) closes it', () => {
    renderRegions();
    openOne('Reminder');
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(byTitle('Reminder')?.dataset.state).toBe('closed');
    expect(byTitle('Reminder')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('spec §9: title and description name and describe it; fail and warn are alerts', () => {
    renderRegions();
    act(() => showNotification({ kind: 'fail', title: 'Rejected', description: 'Upload again.' }));
    openOne('Under review', { kind: 'info' });
    const alert = screen.getByRole('alert', { name: 'Error Rejected' });
    expect(alert.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(alert.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Upload again.',
    );
    expect(screen.getByRole('status', { name: 'Information Under review' })).toBeDefined();
    // Without a kind: no icon, a polite status.
    openOne('Plain');
    expect(byTitle('Plain')?.querySelector('.message-icon:not(.notification__close *)')).toBeNull();
    expect(byTitle('Plain')?.getAttribute('role')).toBe('status');
  });

  it('spec §9: duration 0 keeps a notification until closed', () => {
    renderRegions();
    openOne('Sticky', { duration: 0 });
    advance(60_000);
    expect(byTitle('Sticky')?.dataset.state).toBe('open');
  });

  it('spec §9: Escape closes the newest message, toast or notification', () => {
    renderRegions();
    openOne('First');
    act(() => {
      toast.show('Then a toast');
    });
    openOne('Newest');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(titles(open())).toEqual(['First']);
    expect(document.querySelector('.toast')?.getAttribute('data-state')).toBe('open');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(document.querySelector('.toast')?.getAttribute('data-state')).toBe('closed');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(open()).toHaveLength(0);
  });
});
