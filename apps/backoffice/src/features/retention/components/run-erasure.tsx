import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RET_CODES } from '@kyc/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { runErasure, type RetentionRunResult } from '../api/redactions.ts';
import { useRetentionLabels } from '../retention-labels.ts';

/** What one run did: people redacted, held and skipped, records by kind, partner notices. */
function RunResult({ run }: { run: RetentionRunResult }) {
  const { t, i18n } = useTranslation();
  const labels = useRetentionLabels();
  const records = Object.entries(run.records);
  return (
    <Alert>
      <div className="retention-run">
        <p>
          <strong>
            {t('retention.run.title', {
              id: run.runId,
              version: run.policyVersion,
              at: formatDateTime(run.startedAt, i18n.language),
            })}
          </strong>
        </p>
        <p>{run.complete ? t('retention.run.complete') : t('retention.run.incomplete')}</p>
        <dl>
          <dt>{t('retention.run.people')}</dt>
          <dd>{run.people}</dd>
          <dt>{t('retention.run.held')}</dt>
          <dd>{run.held}</dd>
          <dt>{t('retention.run.webhooks')}</dt>
          <dd>{run.webhooks}</dd>
        </dl>
        {records.length > 0 ? (
          <>
            <p>{t('retention.run.records')}</p>
            <ul>
              {records.map(([kind, n]) => (
                <li key={kind}>{t('retention.run.recordsOf', { kind: labels.kind(kind), count: n })}</li>
              ))}
            </ul>
          </>
        ) : (
          <p>{t('retention.run.nothing')}</p>
        )}
      </div>
    </Alert>
  );
}

/**
 * "Run erasure now" (admins): asks first, because what is due is erased for good; then shows what the run
 * did, or why it did not start (62009: a run is in progress).
 */
export function RunErasure({ onRan }: { onRan: () => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [run, setRun] = useState<RetentionRunResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setFailure(null);
    setRun(null);
    try {
      setRun(await runErasure());
      onRan();
    } catch (error) {
      setFailure(
        isApiError(error, RET_CODES.RETENTION_RUN_IN_PROGRESS.code)
          ? t('retention.run.inProgress')
          : t(errorMessageKey(error)),
      );
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <Card as="section" aria-labelledby="retention-run-heading" className="retention-run-card">
      <h2 id="retention-run-heading">{t('retention.run.heading')}</h2>
      <p>{t('retention.run.explanation')}</p>
      <Button busy={busy} onClick={() => setConfirming(true)}>
        {t('retention.run.button')}
      </Button>
      <div aria-live="polite">
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        {run ? <RunResult run={run} /> : null}
      </div>
      {confirming ? (
        <Dialog title={t('retention.run.confirmTitle')} onClose={() => setConfirming(false)}>
          <p>{t('retention.run.confirm')}</p>
          <div className="ui-dialog__actions">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('retention.common.cancel')}
            </Button>
            <Button busy={busy} onClick={() => void start()}>
              {t('retention.run.confirmButton')}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </Card>
  );
}
