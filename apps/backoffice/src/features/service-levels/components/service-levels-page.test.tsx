// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceLevel, ServiceLevelList, StaffMe } from '@kyc/contracts';
import arabic from '../../../../../../locales/backoffice/ar-SA.json';
import { NAMESPACE } from '../../../lib/i18n.ts';
import { fail, ok, stubApi } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { ServiceLevelsPage } from './service-levels-page.tsx';

const admin: StaffMe = { id: 1, email: 'ada@kyc.example', display_name: 'Ada', role: 'admin' };
const reviewer: StaffMe = { id: 2, email: 'rex@kyc.example', display_name: 'Rex', role: 'reviewer' };
const T1 = Date.UTC(2026, 0, 5, 10, 0);

/** As the server answers them: its own order, the shipped rows at updatedAt 0. */
const LEVELS: ServiceLevel[] = [
  { kind: 'level_1', hours: 48, updatedAt: 0 },
  { kind: 'level_2', hours: 72, updatedAt: 0 },
  { kind: 'questionnaire', hours: 120, updatedAt: T1 },
  { kind: 'reverification', hours: 72, updatedAt: 0 },
  { kind: 'screening_alert', hours: 24, updatedAt: 0 },
  { kind: 'update', hours: 48, updatedAt: 0 },
];
const list = (levels: ServiceLevel[] = LEVELS): ServiceLevelList => ({ levels });
const withLevel = (kind: ServiceLevel['kind'], hours: number, updatedAt: number) =>
  LEVELS.map((l) => (l.kind === kind ? { ...l, hours, updatedAt } : l));

const SAVE = 'Save service levels';
const field = (kind: string) => screen.getByLabelText(`Hours to a decision: ${kind}`) as HTMLInputElement;

function renderPage(staff: StaffMe = admin) {
  return renderAsStaff(
    staff,
    [{ path: 'service-levels', Component: ServiceLevelsPage }],
    '/backoffice/service-levels',
  );
}

afterEach(cleanup);

describe('ServiceLevelsPage', () => {
  it('when the page opens, then every kind of work is listed in order with its hours and when it last changed', async () => {
    stubApi({ 'GET /backoffice/api/service-levels': () => ok(list()) });
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Service levels' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Service level of each kind of work' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Level 1',
      'Level 2',
      'Re-verification',
      'ID and address updates',
      'Questionnaires',
      'Screening alerts',
    ]);
    expect(field('Level 1').value).toBe('48');
    expect(field('Screening alerts').value).toBe('24');
    expect(within(rows[0] as HTMLElement).getByText('As shipped')).toBeTruthy();
    expect(within(rows[4] as HTMLElement).queryByText('As shipped')).toBeNull();
    expect(field('Level 1').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Whole hours from 1 to 720 (30 days).')).toBeTruthy();
  });

  it('when an admin changes level 1 and saves, then only that row is sent over its value as read and the saving is announced', async () => {
    const api = stubApi({
      'GET /backoffice/api/service-levels': () => ok(list()),
      'PUT /backoffice/api/service-levels': () => ok(list(withLevel('level_1', 36, T1 + 1))),
    });
    const { user } = renderPage();

    await user.clear(await screen.findByLabelText('Hours to a decision: Level 1'));
    await user.type(field('Level 1'), '36{Enter}');

    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Service levels saved. Everything waiting is now due by the new hours.');
    expect(api.callsTo('PUT', '/backoffice/api/service-levels')[0]?.body).toEqual({
      levels: [{ kind: 'level_1', hours: 36, updatedAt: 0 }],
    });
    expect(field('Level 1').value).toBe('36');
  });

  it('when hours are not whole hours from 1 to 720, then each wrong field says so, the first takes the focus, and nothing is sent', async () => {
    const api = stubApi({ 'GET /backoffice/api/service-levels': () => ok(list()) });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: SAVE }));
    expect(screen.getByText('Nothing changed: there is nothing to save.')).toBeTruthy();
    await user.clear(field('Level 2'));
    await user.type(field('Level 2'), '4.5');
    await user.clear(field('Questionnaires'));
    await user.type(field('Questionnaires'), '721');
    await user.click(screen.getByRole('button', { name: SAVE }));

    expect(screen.getAllByText('Enter a whole number of hours from 1 to 720.')).toHaveLength(2);
    expect(field('Level 2').getAttribute('aria-invalid')).toBe('true');
    expect(field('Questionnaires').getAttribute('aria-invalid')).toBe('true');
    expect(field('Level 1').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field('Level 2'));
    expect(api.callsTo('PUT', '/backoffice/api/service-levels')).toHaveLength(0);
  });

  it('when someone changed them meanwhile (55021), then the current values are read again, what the admin typed is kept, and saving again goes over the new values', async () => {
    let reads = 0;
    const meanwhile = LEVELS.map((l) =>
      l.kind === 'level_1'
        ? { ...l, hours: 40, updatedAt: T1 + 5 }
        : l.kind === 'level_2'
          ? { ...l, hours: 96, updatedAt: T1 + 5 }
          : l,
    );
    const api = stubApi({
      'GET /backoffice/api/service-levels': () => ok(list(reads++ === 0 ? LEVELS : meanwhile)),
      'PUT /backoffice/api/service-levels': (call) => {
        const sent = (call.body as ServiceLevelList).levels[0];
        return sent?.updatedAt === 0
          ? fail(55021, 'changed')
          : ok(list(meanwhile.map((l) => (l.kind === 'level_1' ? { ...l, hours: 36 } : l))));
      },
    });
    const { user } = renderPage();

    await user.clear(await screen.findByLabelText('Hours to a decision: Level 1'));
    await user.type(field('Level 1'), '36');
    await user.click(screen.getByRole('button', { name: SAVE }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Someone changed the service levels since you opened this page/);
    expect(field('Level 1').value).toBe('36');
    expect(field('Level 2').value).toBe('96');
    expect(screen.getByText('Changed meanwhile; saved now: 40')).toBeTruthy();
    expect(screen.getByText('Changed meanwhile; saved now: 96')).toBeTruthy();
    expect(api.callsTo('GET', '/backoffice/api/service-levels')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(api.callsTo('PUT', '/backoffice/api/service-levels')[1]?.body).toEqual({
      levels: [{ kind: 'level_1', hours: 36, updatedAt: T1 + 5 }],
    });
    expect(screen.queryByText(/Changed meanwhile/)).toBeNull();
  });

  it('when saving fails otherwise, then the catalogue message shows and the fields keep what was typed', async () => {
    stubApi({
      'GET /backoffice/api/service-levels': () => ok(list()),
      'PUT /backoffice/api/service-levels': () => fail(10005, 'no'),
    });
    const { user } = renderPage();

    await user.clear(await screen.findByLabelText('Hours to a decision: Level 1'));
    await user.type(field('Level 1'), '30');
    await user.click(screen.getByRole('button', { name: SAVE }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toMatch(/apiErrors|serviceLevels\./);
    expect(alert.textContent?.length).toBeGreaterThan(10);
    expect(field('Level 1').value).toBe('30');
  });

  it('when a reviewer opens the page, then the levels are read-only: no field, no save', async () => {
    stubApi({ 'GET /backoffice/api/service-levels': () => ok(list()) });
    renderPage(reviewer);

    const table = await screen.findByRole('table', { name: 'Service level of each kind of work' });
    expect(within(table).queryAllByRole('textbox')).toHaveLength(0);
    const level1 = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(level1).getByText('48')).toBeTruthy();
    expect(
      screen.getByText('You can read the service levels; only administrators change them.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: SAVE })).toBeNull();
  });

  it('when the page cannot be read, then the error offers a retry', async () => {
    let reads = 0;
    stubApi({
      'GET /backoffice/api/service-levels': () => (reads++ === 0 ? fail(10010, 'down', 500) : ok(list())),
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Hours to a decision: Level 1')).toBeTruthy();
  });

  it('when the reader works in Arabic, then the page and the kinds of work are in Arabic', async () => {
    stubApi({ 'GET /backoffice/api/service-levels': () => ok(list()) });
    const { i18n } = renderPage();
    await screen.findByLabelText('Hours to a decision: Level 1');
    i18n.addResourceBundle('ar-SA', NAMESPACE, arabic);
    await act(() => i18n.changeLanguage('ar-SA'));

    expect(screen.getByRole('heading', { level: 1, name: arabic.areas.serviceLevels.title })).toBeTruthy();
    expect(screen.getByText(arabic.serviceLevels.intro)).toBeTruthy();
    expect(screen.getByText(arabic.serviceLevels.kinds.reverification)).toBeTruthy();
    expect(
      screen.getByLabelText(
        arabic.serviceLevels.hoursOf.replace('{{kind}}', arabic.serviceLevels.kinds.level_1),
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: arabic.serviceLevels.save })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });
});
