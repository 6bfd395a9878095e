// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  RETENTION_KINDS,
  SITE_CODES,
  type PolicyVersionsResult,
  type RetentionPolicy,
  type RetentionPolicySet,
  type StaffMe,
  type StaffRole,
} from '@kyc/contracts';
import { fail, ok, stubApi, type RecordedCall } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { RetentionPoliciesPage } from './retention-policies-page.tsx';

const T0 = Date.UTC(2026, 2, 3, 9, 0);
const staff = (role: StaffRole): StaffMe => ({
  id: 3,
  email: `${role}@kyc.example`,
  display_name: role,
  role,
});

const ROLLING = new Set([
  'partner_webhook_deliveries',
  'sessions_security_log',
  'unsubmitted_uploads',
  'drafts',
]);
const policies: RetentionPolicy[] = SITE_CODES.flatMap((site) =>
  RETENTION_KINDS.map((kind) => ({
    site,
    kind,
    period: ROLLING.has(kind) ? 'P30D' : site === 'TUR' ? 'P8Y' : 'P5Y',
    clock: ROLLING.has(kind) ? ('creation' as const) : ('relationship_end' as const),
    legalSource: ROLLING.has(kind) ? 'GDPR Art. 5(1)(e)' : `AML law of ${site}`,
  })),
);
const set = (version = 1): RetentionPolicySet => ({
  version,
  createdAt: T0,
  createdBy: version === 1 ? null : 3,
  reason: version === 1 ? 'The shipped defaults (issue 20)' : 'Shorter drafts',
  policies,
});

const versions = (call: RecordedCall) =>
  ok(
    call.query.get('cursor')
      ? ({
          items: [
            {
              version: 1,
              createdAt: T0,
              createdBy: null,
              createdByName: null,
              reason: 'defaults',
              changes: [],
            },
          ],
          nextCursor: null,
          total: 2,
          totalCapped: false,
        } satisfies PolicyVersionsResult)
      : ({
          items: [
            {
              version: 2,
              createdAt: T0 + 1000,
              createdBy: 3,
              createdByName: 'Alex Admin',
              reason: 'Shorter drafts',
              changes: [
                {
                  site: 'EU',
                  kind: 'drafts',
                  from: { period: 'P30D', clock: 'creation', legalSource: 'GDPR' },
                  to: { period: 'P7D', clock: 'creation', legalSource: 'GDPR' },
                },
              ],
            },
          ],
          nextCursor: 'v2',
          total: 2,
          totalCapped: false,
        } satisfies PolicyVersionsResult),
  );

function renderPage(role: StaffRole, path = '/backoffice/retention/policies') {
  return renderAsStaff(staff(role), [{ path: 'retention/policies', Component: RetentionPoliciesPage }], path);
}

afterEach(cleanup);

describe('RetentionPoliciesPage', () => {
  it('when an auditor opens it, then the site’s policies are shown in words with the version in force, and nothing can be edited', async () => {
    stubApi({
      'GET /backoffice/api/retention/policies': () => ok(set()),
      'GET /backoffice/api/retention/policies/versions': versions,
    });
    const { user, router } = renderPage('auditor');

    expect(await screen.findByRole('heading', { name: 'Version 1 in force' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Retention policies of Global (GLOBAL)' });
    const documents = within(table).getByText('Identity documents and selfies').closest('tr');
    expect(documents?.textContent).toContain('5 years');
    expect(documents?.textContent).toContain('End of the relationship');
    expect(documents?.textContent).toContain('AML law of GLOBAL');
    expect(within(table).getByText('Questionnaire drafts').closest('tr')?.textContent).toContain('30 days');
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();

    await user.selectOptions(screen.getByLabelText('Site'), 'TUR');
    expect(router.state.location.search).toBe('?site=TUR');
    const turkey = screen.getByRole('table', { name: 'Retention policies of Türkiye (TUR)' });
    expect(within(turkey).getByText('Personal data').closest('tr')?.textContent).toContain('8 years');
  });

  it('when the history is read, then each version says who saved it, why and what changed; older versions load below', async () => {
    const api = stubApi({
      'GET /backoffice/api/retention/policies': () => ok(set(2)),
      'GET /backoffice/api/retention/policies/versions': versions,
    });
    const { user } = renderPage('senior_reviewer');

    const history = await screen.findByRole('region', { name: 'Version history' });
    expect(await within(history).findByText(/Saved by Alex Admin/)).toBeTruthy();
    expect(
      within(history).getByText(
        'European Union (EU), Questionnaire drafts: 30 days, Creation of each record → 7 days, Creation of each record',
      ),
    ).toBeTruthy();
    await user.click(within(history).getByRole('button', { name: 'Show older versions' }));
    expect(await within(history).findByText('The shipped defaults.')).toBeTruthy();
    expect(api.callsTo('GET', '/backoffice/api/retention/policies/versions')[1]?.query.get('cursor')).toBe(
      'v2',
    );
  });

  it('when an admin shortens a period, then the whole set is sent over the version read with the reason, and the new version is shown', async () => {
    const api = stubApi({
      'GET /backoffice/api/retention/policies': () => ok(set()),
      'GET /backoffice/api/retention/policies/versions': versions,
      'PUT /backoffice/api/retention/policies': () => ok(set(2)),
    });
    const { user } = renderPage('admin', '/backoffice/retention/policies?site=EU');

    await user.click(await screen.findByRole('button', { name: 'Edit: Questionnaire drafts' }));
    const dialog = screen.getByRole('dialog', { name: 'Questionnaire drafts · European Union (EU)' });
    expect(within(dialog).getByText('Your change is saved over version 1.')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Kept for'));
    await user.type(within(dialog).getByLabelText('Kept for'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save as a new version' }));
    expect(within(dialog).getByText('Enter a whole number from 1 to 9999.')).toBeTruthy();
    expect(within(dialog).getByText('Write a reason of 3 to 500 characters.')).toBeTruthy();
    expect(api.callsTo('PUT', '/backoffice/api/retention/policies')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Kept for'));
    await user.type(within(dialog).getByLabelText('Kept for'), '7');
    await user.type(within(dialog).getByLabelText('Reason for the change'), 'Drafts are not needed longer');
    await user.click(within(dialog).getByRole('button', { name: 'Save as a new version' }));

    expect(await screen.findByText('Saved as version 2.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const body = api.callsTo('PUT', '/backoffice/api/retention/policies')[0]?.body as {
      expectedVersion: number;
      reason: string;
      policies: RetentionPolicy[];
    };
    expect(body.expectedVersion).toBe(1);
    expect(body.reason).toBe('Drafts are not needed longer');
    expect(body.policies).toHaveLength(policies.length);
    expect(
      body.policies.filter((p, i) => p !== policies[i] && JSON.stringify(p) !== JSON.stringify(policies[i])),
    ).toEqual([
      { site: 'EU', kind: 'drafts', period: 'P7D', clock: 'creation', legalSource: 'GDPR Art. 5(1)(e)' },
    ]);
    expect(screen.getByRole('heading', { name: 'Version 2 in force' })).toBeTruthy();
  });

  it('when the server refuses a period below the legal minimum (62002) or a clock (62003), then the field says so in words', async () => {
    let answer = fail(62002, 'EU/personal_data is P4Y, the legal minimum is P5Y');
    stubApi({
      'GET /backoffice/api/retention/policies': () => ok(set()),
      'GET /backoffice/api/retention/policies/versions': versions,
      'PUT /backoffice/api/retention/policies': () => answer,
    });
    const { user } = renderPage('admin', '/backoffice/retention/policies?site=EU');

    await user.click(await screen.findByRole('button', { name: 'Edit: Personal data' }));
    const dialog = screen.getByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Kept for'));
    await user.type(within(dialog).getByLabelText('Kept for'), '4');
    await user.type(within(dialog).getByLabelText('Reason for the change'), 'Try four years');
    await user.click(within(dialog).getByRole('button', { name: 'Save as a new version' }));
    expect(
      await within(dialog).findByText(
        'This period is shorter than the legal minimum for this site and kind of record. Nothing was saved.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/legal minimum is P5Y/)).toBeNull();

    answer = fail(62003, 'clock');
    await user.click(within(dialog).getByRole('button', { name: 'Save as a new version' }));
    expect(
      await within(dialog).findByText('This event does not fit this kind of record. Nothing was saved.'),
    ).toBeTruthy();
  });

  it('when another admin saved first (62004), then the dialog closes, the conflict is explained and Reload reads the version in force', async () => {
    let served = 1;
    const api = stubApi({
      'GET /backoffice/api/retention/policies': () => ok(set(served)),
      'GET /backoffice/api/retention/policies/versions': versions,
      'PUT /backoffice/api/retention/policies': () => fail(62004, 'changed'),
    });
    const { user } = renderPage('admin');

    await user.click(await screen.findByRole('button', { name: 'Edit: Personal data' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason for the change'), 'Longer');
    await user.click(within(dialog).getByRole('button', { name: 'Save as a new version' }));

    expect(
      await screen.findByText(/Another admin saved a new version of the policies while you were editing/),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    served = 2;
    await user.click(screen.getByRole('button', { name: 'Reload the policies' }));
    expect(await screen.findByRole('heading', { name: 'Version 2 in force' })).toBeTruthy();
    expect(api.callsTo('GET', '/backoffice/api/retention/policies')).toHaveLength(2);
  });
});
