import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { can } from '../../../lib/permissions.ts';
import { useStaff } from '../../../lib/staff-session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { Alert } from '../../../ui/alert.tsx';
import { ConflictAlert } from '../../../ui/conflict-alert.tsx';
import { Card } from '../../../ui/card.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { fetchRiskWeights, type RiskWeightsView } from '../api/risk-weights.ts';
import { WeightsForm } from './weights-form.tsx';
import './risk-weights.css';

type Outcome = { tone: 'saved'; version: number } | { tone: 'stale' } | null;

/** The version in force: who saved it and when, and what saving does. */
function InForce({ view, editable }: { view: RiskWeightsView; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const at = formatDateTime(view.createdAt, i18n.language);
  return (
    <Card as="section" aria-labelledby="risk-weights-in-force">
      <h2 id="risk-weights-in-force">{t('riskWeights.inForce', { version: view.version })}</h2>
      <p>
        {view.createdBy === null
          ? t('riskWeights.shipped', { at })
          : t('riskWeights.savedBy', { name: view.createdByName ?? `#${view.createdBy}`, at })}
      </p>
      {view.cause === 'country_lists' ? <p>{t('riskWeights.listsChanged')}</p> : null}
      <p>{t('riskWeights.recompute')}</p>
      {editable ? null : <p className="risk-weights__muted">{t('riskWeights.readOnly')}</p>}
    </Card>
  );
}

/**
 * Risk weights (issue 18; read: everyone who sees cases; change: admins with `edit_risk_weights`): each
 * factor's points and the medium and high thresholds of the version in force. Saving makes a new version
 * over the one read; the `risk` job then recomputes everyone in the background (D91).
 */
export function RiskWeightsPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const editable = can(staff.role, 'edit_risk_weights');
  const { resource, reload, replace } = useResource('risk-weights', (signal) => fetchRiskWeights(signal));
  const [outcome, setOutcome] = useState<Outcome>(null);
  useDocumentTitle(t('areas.riskWeights.title'));
  return (
    <>
      <h1>{t('areas.riskWeights.title')}</h1>
      <p>{t('riskWeights.intro')}</p>
      {outcome?.tone === 'saved' ? (
        <Alert>{t('riskWeights.saved', { version: outcome.version })}</Alert>
      ) : null}
      {outcome?.tone === 'stale' ? (
        <ConflictAlert
          message={t('riskWeights.errors.stale')}
          reloadLabel={t('riskWeights.reload')}
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
        <>
          <InForce view={resource.data} editable={editable} />
          <WeightsForm
            key={resource.data.version}
            view={resource.data}
            editable={editable}
            onSaved={(saved) => {
              setOutcome({ tone: 'saved', version: saved.version });
              replace(saved);
            }}
            onStale={() => setOutcome({ tone: 'stale' })}
          />
        </>
      ) : null}
    </>
  );
}
