import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SITE_CODES, type SiteCode } from '@kyc/contracts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { can } from '../../../lib/permissions.ts';
import { useStaff } from '../../../lib/staff-session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { Alert } from '../../../ui/alert.tsx';
import { ConflictAlert } from '../../../ui/conflict-alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { fetchPolicies, type RetentionPolicy, type RetentionPolicySet } from '../api/policies.ts';
import { isPersonKind, useRetentionLabels } from '../retention-labels.ts';
import { PolicyDialog } from './policy-dialog.tsx';
import { PolicyVersions } from './policy-versions.tsx';
import './retention.css';

type Outcome = { tone: 'saved'; version: number } | { tone: 'conflict' } | null;

const isSite = (v: string | null): v is SiteCode => (SITE_CODES as readonly string[]).includes(v ?? '');

function PoliciesContent({
  set,
  site,
  onSite,
  onSaved,
  onConflict,
}: {
  set: RetentionPolicySet;
  site: SiteCode;
  onSite: (site: SiteCode) => void;
  onSaved: (saved: RetentionPolicySet) => void;
  onConflict: () => void;
}) {
  const { t, i18n } = useTranslation();
  const staff = useStaff();
  const labels = useRetentionLabels();
  const [editing, setEditing] = useState<RetentionPolicy | null>(null);
  const editable = can(staff.role, 'edit_retention');
  const rows = set.policies.filter((p) => p.site === site);

  const columns: DataColumn<RetentionPolicy>[] = [
    {
      label: t('retention.policies.columns.kind'),
      // One element per cell: on phones the cell is a grid of its label and one value.
      cell: (p) => (
        <div>
          {labels.kind(p.kind)}
          <span className="retention-muted">
            {isPersonKind(p.kind) ? t('retention.policies.personKind') : t('retention.policies.rollingKind')}
          </span>
        </div>
      ),
    },
    { label: t('retention.policies.columns.period'), cell: (p) => labels.period(p.period) },
    { label: t('retention.policies.columns.clock'), cell: (p) => labels.clock(p.clock) },
    {
      label: t('retention.policies.columns.source'),
      cell: (p) => (
        <span className="retention-source" dir="auto">
          {p.legalSource}
        </span>
      ),
    },
    ...(editable
      ? [
          {
            label: t('retention.policies.columns.actions'),
            cell: (p: RetentionPolicy) => (
              <Button variant="ghost" onClick={() => setEditing(p)}>
                {t('retention.policies.edit', { kind: labels.kind(p.kind) })}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Card as="section" aria-labelledby="retention-in-force">
        <h2 id="retention-in-force">{t('retention.policies.inForce', { version: set.version })}</h2>
        <p>
          {set.createdBy === null
            ? t('retention.policies.defaultsSince', { at: formatDateTime(set.createdAt, i18n.language) })
            : t('retention.policies.savedBy', {
                at: formatDateTime(set.createdAt, i18n.language),
                id: set.createdBy,
              })}
        </p>
        {set.createdBy !== null && set.reason ? (
          <p>
            {t('retention.versions.reason')}{' '}
            <span className="ui-message" dir="auto">
              {set.reason}
            </span>
          </p>
        ) : null}
        <p className="retention-muted">{t('retention.policies.notLegalAdvice')}</p>
      </Card>
      <Card as="section" aria-labelledby="retention-site-policies">
        <h2 id="retention-site-policies">
          {t('retention.policies.siteHeading', { site: labels.site(site) })}
        </h2>
        <SelectField
          inline
          label={t('retention.policies.site')}
          value={site}
          onChange={(event) => {
            if (isSite(event.target.value)) onSite(event.target.value);
          }}
          options={SITE_CODES.map((s) => ({ value: s, label: labels.site(s) }))}
        />
        <DataTable
          caption={t('retention.policies.tableCaption', { site: labels.site(site) })}
          columns={columns}
          items={rows}
          rowKey={(p) => p.kind}
        />
      </Card>
      <PolicyVersions key={set.version} current={set.version} />
      {editing ? (
        <PolicyDialog
          set={set}
          policy={editing}
          onClose={() => setEditing(null)}
          onConflict={() => {
            setEditing(null);
            onConflict();
          }}
          onSaved={(saved) => {
            setEditing(null);
            onSaved(saved);
          }}
        />
      ) : null}
    </>
  );
}

/**
 * Retention policies (issue 20; read: senior reviewers, admins, auditors; change: admins): for one site
 * at a time, each kind of record with its period, the event its clock counts from and its legal source;
 * the version in force and the history of versions. A change is a new version over the one read.
 */
export function RetentionPoliciesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const site: SiteCode = isSite(params.get('site')) ? (params.get('site') as SiteCode) : 'GLOBAL';
  const { resource, reload, replace } = useResource('retention-policies', (signal) => fetchPolicies(signal));
  const [outcome, setOutcome] = useState<Outcome>(null);
  useDocumentTitle(t('areas.retentionPolicies.title'));
  return (
    <>
      <h1>{t('areas.retentionPolicies.title')}</h1>
      <p>{t('retention.policies.intro')}</p>
      {outcome?.tone === 'saved' ? (
        <Alert>{t('retention.policies.saved', { version: outcome.version })}</Alert>
      ) : null}
      {outcome?.tone === 'conflict' ? (
        <ConflictAlert
          message={t('retention.policies.conflict')}
          reloadLabel={t('retention.policies.reload')}
          onReload={() => {
            setOutcome(null);
            reload();
          }}
        />
      ) : null}
      {resource.state === 'loading' ? <Spinner size="page" label={t('app.loading')} /> : null}
      {resource.state === 'error' ? (
        <LoadError message={t(errorMessageKey(resource.error))} onRetry={reload} />
      ) : null}
      {resource.state === 'ready' ? (
        <PoliciesContent
          set={resource.data}
          site={site}
          onSite={(next) => setParams(next === 'GLOBAL' ? {} : { site: next }, { replace: true })}
          onSaved={(saved) => {
            setOutcome({ tone: 'saved', version: saved.version });
            replace(saved);
          }}
          onConflict={() => setOutcome({ tone: 'conflict' })}
        />
      ) : null}
    </>
  );
}
