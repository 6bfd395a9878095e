import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
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
import { Card } from '../../../ui/card.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { claimCase, releaseCase } from '../api/assignment.ts';
import { fetchCase, postDecision, type CaseView, type DecisionBody } from '../api/case.ts';
import { LevelsSection, PersonSection, ReverificationSection, SubmissionsSection } from './case-sections.tsx';
import { DecisionsPanel } from './decisions-panel.tsx';
import { DocumentsGallery } from './documents-gallery.tsx';
import { HistorySection } from './history-section.tsx';
import { RiskSection } from './risk-section.tsx';
import { ChecksSection } from './checks-section.tsx';
import { ScreeningSection } from './screening-section.tsx';
import { VendorSection } from './vendor-section.tsx';
import { RfiSection } from './rfi-form.tsx';
import { SubjectAccessExportSection } from './subject-access-export.tsx';
import { AccountClosureSection } from './close-account.tsx';
import '../../../ui/detail-page.css';
import './case-page.css';
import { needsAccessReason } from '../../../lib/closed-access.ts';
import { isRedactedValue, RedactionsProvider } from '../../../lib/redactions.tsx';
import { ClosedAccessBanner, ClosedAccessGate } from '../../../ui/closed-access-gate.tsx';

function CaseContent({ caseView, onDecided }: { caseView: CaseView; onDecided: (c: CaseView) => void }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const redacted = isRedactedValue(caseView.applicant.firstName);
  const name = redacted ? '' : `${caseView.applicant.firstName} ${caseView.applicant.lastName}`.trim();
  const { outcome, outcomeRef, decide } = useDecisionOutcome(
    (body: DecisionBody) => postDecision(caseView.userId, body),
    onDecided,
    (error) => t(errorMessageKey(error)),
    () => fetchCase(caseView.userId),
  );

  return (
    <RedactionsProvider value={caseView.redactions ?? []}>
      <p className="ui-detail-back">
        <Link to={paths.verificationQueue.getHref()}>{t('case.backToQueue')}</Link>
      </p>
      <h1>{name || t('case.unnamed', { id: caseView.userId })}</h1>
      <p className="ui-detail-subtitle">
        {t('case.subtitle', {
          id: caseView.userId,
          email: redacted ? t('redaction.tag') : caseView.email,
        })}
      </p>
      {caseView.closedAccess ? <ClosedAccessBanner access={caseView.closedAccess} /> : null}
      <div ref={outcomeRef} tabIndex={-1}>
        {outcome?.tone === 'info' ? <Alert>{t(`decisions.success.${outcome.decision}`)}</Alert> : null}
        {outcome?.tone === 'error' ? <Alert tone="error">{outcome.message}</Alert> : null}
      </div>
      {can(staff.role, 'decide') ? (
        <JumpLink targetId="case-decisions-heading">{t('common.jumpToDecisions')}</JumpLink>
      ) : null}
      <div className="ui-detail-layout">
        <div className="ui-detail-layout__main">
          {/* Issue 19: the document checks first, before the person and the other sections. */}
          <ChecksSection
            checks={caseView.checks}
            run={caseView.checksRun}
            corrections={caseView.checkCorrections}
          />
          <PersonSection caseView={caseView} />
          <AccountClosureSection userId={caseView.userId} />
          <ScreeningSection
            screening={caseView.screening}
            userId={caseView.userId}
            actions={{ staff, onResolved: onDecided }}
          />
          <RiskSection risk={caseView.risk} />
          <LevelsSection caseView={caseView} />
          <ReverificationSection caseView={caseView} />
          <SubmissionsSection submissions={caseView.submissions} />
          <VendorSection vendor={caseView.vendor} />
          <Card as="section" aria-labelledby="ui-gallery">
            <h2 id="ui-gallery">{t('case.documents.heading')}</h2>
            <DocumentsGallery
              userId={caseView.userId}
              documents={caseView.documents}
              submissions={caseView.submissions}
            />
          </Card>
          <HistorySection decisions={caseView.decisions} me={staff} vendorEvents={caseView.vendor.events} />
          {can(staff.role, 'export_subject_data') ? (
            <SubjectAccessExportSection userId={caseView.userId} />
          ) : null}
        </div>
        {can(staff.role, 'decide') ? (
          <div className="ui-detail-layout__side">
            <CaseAssignment
              initial={caseView.assignee ?? null}
              staff={staff}
              claim={() => claimCase(caseView.userId)}
              release={(version) => releaseCase(caseView.userId, version)}
            />
            <DecisionsPanel caseView={caseView} staff={staff} onDecide={decide} />
            <RfiSection userId={caseView.userId} />
          </div>
        ) : null}
      </div>
    </RedactionsProvider>
  );
}

/** /cases/:userId — one applicant's case. Every view is audited by the server (case.view). */
export function CasePage() {
  const { t } = useTranslation();
  const userId = parseUserId(useParams().userId);
  const { resource, reload, replace } = useResource(String(userId), (signal) =>
    userId === null ? Promise.reject(new RangeError('no such case')) : fetchCase(userId, signal),
  );
  useDocumentTitle(t('case.pageTitle', { id: userId ?? '' }));

  if (userId === null) {
    return (
      <>
        <h1>{t('case.notFound')}</h1>
        <Link to={paths.verificationQueue.getHref()}>{t('case.backToQueue')}</Link>
      </>
    );
  }
  if (resource.state === 'loading') return <Spinner size="page" label={t('app.loading')} />;
  if (resource.state === 'error') {
    return (
      <>
        <h1>{t('case.pageTitle', { id: userId })}</h1>
        {needsAccessReason(resource.error) ? (
          <ClosedAccessGate userId={userId} onGranted={reload} />
        ) : (
          <LoadError message={t(errorMessageKey(resource.error))} onRetry={reload} />
        )}
        <Link to={paths.verificationQueue.getHref()}>{t('case.backToQueue')}</Link>
      </>
    );
  }
  return <CaseContent caseView={resource.data} onDecided={replace} />;
}
