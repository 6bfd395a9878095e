import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { can } from '../../../lib/permissions.ts';
import { parseUserId, paths } from '../../../lib/paths.ts';
import { useStaff } from '../../../lib/staff-session.tsx';
import { useDecisionOutcome } from '../../../lib/use-decisions.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import {
  fetchTransferCase,
  postTransferDecision,
  transferErrorKey,
  type TransferCaseView,
  type TransferDecisionBody,
} from '../api/identity-transfers.ts';
import { AccountsSection, ChecksSection, HistorySection, SummarySection } from './transfer-sections.tsx';
import { TransferDecisionPanel } from './transfer-decision-panel.tsx';
import '../../../ui/detail-page.css';
import './transfer-case.css';

function TransferContent({
  caseView,
  onDecided,
}: {
  caseView: TransferCaseView;
  onDecided: (c: TransferCaseView) => void;
}) {
  const { t } = useTranslation();
  const staff = useStaff();
  const id = caseView.transfer.id;
  const { outcome, outcomeRef, decide } = useDecisionOutcome(
    (body: TransferDecisionBody) => postTransferDecision(id, body),
    onDecided,
    (error) => t(transferErrorKey(error)),
    // 30081 (another decision came first): the reviewer sees the transfer as it now is.
    () => fetchTransferCase(id),
  );
  const success =
    outcome?.tone !== 'info'
      ? null
      : outcome.decision === 'reject'
        ? t('identityTransfers.decision.success.rejected')
        : caseView.transfer.stage === 'in_review'
          ? t('identityTransfers.decision.success.firstApproval')
          : caseView.transfer.stage === 'completed'
            ? t('identityTransfers.decision.success.completed')
            : t('identityTransfers.decision.success.approved');

  return (
    <>
      <p className="ui-detail-back">
        <Link to={paths.identityTransfers.getHref()}>{t('identityTransfers.case.backToQueue')}</Link>
      </p>
      <h1>{t('identityTransfers.case.pageTitle', { id })}</h1>
      <p className="ui-detail-subtitle">
        {caseView.source.email} → {caseView.target.email}
      </p>
      <div ref={outcomeRef} tabIndex={-1}>
        {success ? <Alert>{success}</Alert> : null}
        {outcome?.tone === 'error' ? <Alert tone="error">{outcome.message}</Alert> : null}
      </div>
      <div className="ui-detail-layout">
        <div className="ui-detail-layout__main">
          <SummarySection caseView={caseView} />
          <AccountsSection caseView={caseView} />
          <ChecksSection caseView={caseView} />
          <HistorySection caseView={caseView} me={staff.id} />
        </div>
        {can(staff.role, 'decide') ? (
          <div className="ui-detail-layout__side">
            <TransferDecisionPanel caseView={caseView} staff={staff} onDecide={decide} />
          </div>
        ) : null}
      </div>
    </>
  );
}

/** /identity-transfers/:transferId — one transfer, both accounts side by side (every view audited). */
export function TransferCasePage() {
  const { t } = useTranslation();
  const transferId = parseUserId(useParams().transferId);
  const { resource, reload, replace } = useResource(String(transferId), (signal) =>
    transferId === null
      ? Promise.reject(new RangeError('no such transfer'))
      : fetchTransferCase(transferId, signal),
  );
  useDocumentTitle(t('identityTransfers.case.pageTitle', { id: transferId ?? '' }));

  if (transferId === null) {
    return (
      <>
        <h1>{t('identityTransfers.case.notFound')}</h1>
        <Link to={paths.identityTransfers.getHref()}>{t('identityTransfers.case.backToQueue')}</Link>
      </>
    );
  }
  if (resource.state === 'loading') return <Spinner size="page" label={t('app.loading')} />;
  if (resource.state === 'error') {
    return (
      <>
        <h1>{t('identityTransfers.case.pageTitle', { id: transferId })}</h1>
        <LoadError message={t(transferErrorKey(resource.error))} onRetry={reload} />
        <Link to={paths.identityTransfers.getHref()}>{t('identityTransfers.case.backToQueue')}</Link>
      </>
    );
  }
  return <TransferContent caseView={resource.data} onDecided={replace} />;
}
