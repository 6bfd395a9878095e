import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { RET_CODES } from '@kyc/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { can } from '../../../lib/permissions.ts';
import { parseUserId, paths } from '../../../lib/paths.ts';
import { useStaff } from '../../../lib/staff-session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDecisionOutcome } from '../../../lib/use-decisions.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { Alert } from '../../../ui/alert.tsx';
import { CaseAssignment } from '../../../ui/case-assignment.tsx';
import { JumpLink } from '../../../ui/jump-link.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import {
  EDD_TEMPLATE,
  fetchResponse,
  postDecision,
  claimResponse,
  releaseResponse,
  SATOS_TEMPLATE,
  type DecisionBody,
  type ResponseView,
} from '../api/review.ts';
import { useTemplateText } from '../template-text.ts';
import { AnswersSection } from './answers-section.tsx';
import { DecisionPanel } from './decision-panel.tsx';
import {
  EddSection,
  EvidenceSection,
  HistorySection,
  SatosSection,
  SubmissionsSection,
  SummarySection,
  TasksSection,
} from './response-sections.tsx';
import '../../../ui/detail-page.css';
import './questionnaires.css';
import { needsAccessReason } from '../../../lib/closed-access.ts';
import { RedactionsProvider } from '../../../lib/redactions.tsx';
import { ClosedAccessBanner, ClosedAccessGate } from '../../../ui/closed-access-gate.tsx';

/** A template code from the URL (kebab-case, as the contracts), else null. */
function parseTemplateCode(value: string | undefined): string | null {
  return value && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value) && value.length <= 64 ? value : null;
}

function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown) => {
    if (isApiError(error, RET_CODES.QUESTIONNAIRE_ILLEGAL_TRANSITION.code)) {
      return t('questionnaireReview.decisions.errors.illegalTransition');
    }
    const unknownUser = isApiError(error, RET_CODES.PARAMS_ERROR.code) && error.status === 404;
    if (unknownUser || isApiError(error, RET_CODES.QUESTIONNAIRE_TEMPLATE_NOT_FOUND.code)) {
      return t('questionnaireReview.decisions.errors.notFound');
    }
    return t(errorMessageKey(error));
  };
}

function ResponseContent({ view, onDecided }: { view: ResponseView; onDecided: (v: ResponseView) => void }) {
  const { t } = useTranslation();
  const templateText = useTemplateText();
  const staff = useStaff();
  const errorText = useErrorText();
  const { outcome, outcomeRef, decide } = useDecisionOutcome(
    (body: DecisionBody) => postDecision(view.userId, view.template.code, body),
    onDecided,
    errorText,
    () => fetchResponse(view.userId, view.template.code),
  );

  const evidenceIndex = new Map(view.evidence.map((e, i) => [e.id, i + 1]));
  const evidenceNumber = (id: string) => evidenceIndex.get(id) ?? 0;
  const satos = view.template.code === SATOS_TEMPLATE;
  const redacted = (view.redactions ?? []).some((m) => m.kind === 'personal_data');

  return (
    <RedactionsProvider value={view.redactions ?? []}>
      <p className="ui-detail-back">
        <Link to={paths.questionnaires.getHref()}>{t('questionnaireReview.response.backToQueue')}</Link>
      </p>
      <h1>{templateText(view.template.title)}</h1>
      <p className="ui-detail-subtitle">
        {t('questionnaireReview.response.subtitle', {
          id: view.userId,
          email: redacted ? t('redaction.tag') : view.email,
          site: view.site,
          level: view.level,
        })}
        {' · '}
        <Link to={paths.reviewCase.getHref(view.userId)}>
          {t('questionnaireReview.response.openKycCase')}
        </Link>
      </p>
      {view.closedAccess ? <ClosedAccessBanner access={view.closedAccess} /> : null}
      <div ref={outcomeRef} tabIndex={-1}>
        {outcome?.tone === 'info' ? (
          <Alert>{t(`questionnaireReview.decisions.success.${outcome.decision}`)}</Alert>
        ) : null}
        {outcome?.tone === 'error' ? <Alert tone="error">{outcome.message}</Alert> : null}
      </div>
      {can(staff.role, 'decide') ? (
        <JumpLink targetId="qr-decisions-heading">{t('common.jumpToDecisions')}</JumpLink>
      ) : null}
      <div className="ui-detail-layout">
        <div className="ui-detail-layout__main">
          <SummarySection view={view} />
          {view.template.code === EDD_TEMPLATE && view.edd ? <EddSection edd={view.edd} /> : null}
          {satos ? (
            <SatosSection view={view} evidenceNumber={evidenceNumber} />
          ) : (
            <AnswersSection
              submission={view.submission}
              context={{ userId: view.userId, templateCode: view.template.code, evidenceNumber }}
            />
          )}
          <EvidenceSection view={view} />
          <SubmissionsSection view={view} />
          <HistorySection history={view.history} me={staff} />
          <TasksSection tasks={view.tasks} />
        </div>
        {can(staff.role, 'decide') ? (
          <div className="ui-detail-layout__side">
            <CaseAssignment
              key={`${view.userId}/${view.template.code}`}
              initial={view.assignee}
              staff={staff}
              claim={() => claimResponse(view.userId, view.template.code)}
              release={(version) => releaseResponse(view.userId, view.template.code, version)}
            />
            <DecisionPanel view={view} staff={staff} onDecide={decide} />
          </div>
        ) : null}
      </div>
    </RedactionsProvider>
  );
}

/** /questionnaires/:userId/:templateCode — one person's response. Every view is audited by the server. */
export function ResponsePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const params = useParams();
  const userId = parseUserId(params.userId);
  const templateCode = parseTemplateCode(params.templateCode);
  const { resource, reload, replace } = useResource(`${userId}/${templateCode}`, (signal) =>
    userId === null || templateCode === null
      ? Promise.reject(new RangeError('no such response'))
      : fetchResponse(userId, templateCode, signal),
  );
  useDocumentTitle(t('questionnaireReview.response.pageTitle', { id: userId ?? '' }));

  if (userId === null || templateCode === null) {
    return (
      <>
        <h1>{t('questionnaireReview.response.notFound')}</h1>
        <Link to={paths.questionnaires.getHref()}>{t('questionnaireReview.response.backToQueue')}</Link>
      </>
    );
  }
  if (resource.state === 'loading') return <Spinner size="page" label={t('app.loading')} />;
  if (resource.state === 'error') {
    return (
      <>
        <h1>{t('questionnaireReview.response.pageTitle', { id: userId })}</h1>
        {needsAccessReason(resource.error) ? (
          <ClosedAccessGate userId={userId} onGranted={reload} />
        ) : (
          <LoadError message={errorText(resource.error)} onRetry={reload} />
        )}
        <Link to={paths.questionnaires.getHref()}>{t('questionnaireReview.response.backToQueue')}</Link>
      </>
    );
  }
  return <ResponseContent view={resource.data} onDecided={replace} />;
}
