// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffMe, StaffMemberEntry } from '@kyc/contracts';
import { fail, ok, stubApi } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { StaffPage } from './staff-page.tsx';

const admin: StaffMe = { id: 1, email: 'ada@kyc.example', display_name: 'Ada', role: 'admin' };
const entry = (over: Partial<StaffMemberEntry>): StaffMemberEntry => ({
  id: 1,
  email: 'ada@kyc.example',
  displayName: 'Ada',
  role: 'admin',
  disabled: false,
  secondFactor: 'enrolled',
  enrolledAt: 0,
  recoveryCodesRemaining: 10,
  lastLoginAt: null,
  sites: [],
  sitesVersion: 0,
  ...over,
});
const riley = entry({ id: 2, email: 'riley@kyc.example', displayName: 'Riley', role: 'reviewer' });
const sam = entry({
  id: 3,
  email: 'sam@kyc.example',
  displayName: 'Sam',
  role: 'senior_reviewer',
  sites: ['HKG', 'TUR'],
  sitesVersion: 4,
});

function renderStaff() {
  return renderAsStaff(admin, [{ path: 'staff', Component: StaffPage }], '/backoffice/staff');
}

afterEach(cleanup);

describe('StaffPage: the sites a member works (D121)', () => {
  it('when the page opens, then each member shows their sites, or every site when none is set', async () => {
    stubApi({ 'GET /backoffice/api/staff': () => ok({ items: [entry({}), riley, sam], nextCursor: null }) });
    renderStaff();
    const table = await screen.findByRole('table', { name: 'Staff members' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[2] as HTMLElement).getByText('Every site')).toBeTruthy();
    expect(within(rows[3] as HTMLElement).getByText('HKG, TUR')).toBeTruthy();
  });

  it('when an admin ticks sites and saves, then the change names the version read and the row shows them', async () => {
    const api = stubApi({
      'GET /backoffice/api/staff': () => ok({ items: [riley], nextCursor: null }),
      'PUT /backoffice/api/staff/2/sites': () => ok({ ...riley, sites: ['TUR', 'KAZ'], sitesVersion: 1 }),
    });
    const { user } = renderStaff();

    await user.click(await screen.findByRole('button', { name: 'Edit the sites of Riley' }));
    const dialog = screen.getByRole('dialog', { name: 'Sites Riley works' });
    expect(within(dialog).getByText('No site chosen: every site.')).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: 'KAZ' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'TUR' }));
    expect(within(dialog).queryByText('No site chosen: every site.')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save sites' }));

    expect(await screen.findByText('The sites of Riley were saved.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    // In the order of the sites, not of the clicks.
    expect(api.callsTo('PUT', '/backoffice/api/staff/2/sites')[0]?.body).toEqual({
      sites: ['TUR', 'KAZ'],
      sitesVersion: 0,
    });
    expect(screen.getByText('TUR, KAZ')).toBeTruthy();
  });

  it('when another admin changed the sites meanwhile (55015), then the dialog says so and stays open', async () => {
    stubApi({
      'GET /backoffice/api/staff': () => ok({ items: [sam], nextCursor: null }),
      'PUT /backoffice/api/staff/3/sites': () => fail(55015),
    });
    const { user } = renderStaff();

    await user.click(await screen.findByRole('button', { name: 'Edit the sites of Sam' }));
    const dialog = screen.getByRole('dialog', { name: 'Sites Sam works' });
    expect((within(dialog).getByRole('checkbox', { name: 'HKG' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'HKG' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save sites' }));

    expect(
      await within(dialog).findByText(
        'Someone else changed the sites of Sam meanwhile. Reload the page and try again.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('HKG, TUR')).toBeTruthy();
  });
});
