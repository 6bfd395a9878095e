import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formattingLocale, type QuestionnaireTemplateDetail } from '@kyc/contracts';
import { QUESTIONNAIRES_NAMESPACE } from '../../../lib/i18n/namespaces';
import { isolate } from '../../../lib/i18n/bidi';
import { currentLanguage } from '../../../lib/language/current';
import { apiUrl, ENDPOINTS } from '../../../lib/http';
import { APP_ROUTES } from '../../../lib/navigation/routes';
import { Link } from '../../../lib/router';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';

export interface QuestionnaireResultProps {
  detail: QuestionnaireTemplateDetail;
  /** Opens the form again (update while PENDING, resubmit after REJECTED, retake a test). */
  onAnswerAgain: () => void;
}

function useDateTime(): (ms: number) => string {
  const { i18n } = useTranslation();
  return (ms: number) =>
    new Intl.DateTimeFormat(formattingLocale(i18n.language), {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(ms));
}

/** Re-renders when `at` (epoch ms) passes, so a cool-down ends on screen without a reload. */
function useNowPast(at: number | null): boolean {
  const [past, setPast] = useState(() => at === null || at <= Date.now());
  useEffect(() => {
    if (at === null) return setPast(true);
    const wait = at - Date.now();
    setPast(wait <= 0);
    // setTimeout holds at most about 24.8 days; a cool-down is at most 30 days, re-checked on reload.
    if (wait <= 0 || wait > 2_000_000_000) return;
    const timer = setTimeout(() => setPast(true), wait + 50);
    return () => clearTimeout(timer);
  }, [at]);
  return past;
}

/**
 * Where the person goes from a result (issue 10): back to the personal page, which lists what is still
 * open ("What to do next"), or the full task list.
 */
function LeadOn() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <nav className="qn-lead-on" aria-label={t('next.result.label')}>
      <Link className="btn btn--primary btn--middle qn-lead-on__primary" to={APP_ROUTES.personal.to(lang)}>
        {t('next.result.back')}
      </Link>
      <Link to={`/${lang}/auth/complianceTasks`}>{t('next.result.tasks')}</Link>
    </nav>
  );
}

/** An accepted agreement read and downloaded again: the accepted version as a file (issue 10). */
function agreementHref(templateCode: string): string {
  const query = new URLSearchParams({ template_code: templateCode, lang: currentLanguage() });
  return apiUrl(`${ENDPOINTS.agreementDocument.path}?${query.toString()}`);
}

/** A failed knowledge test: the questions answered wrongly, by their text (never the right answer). */
function WrongAnswers({ detail }: { detail: QuestionnaireTemplateDetail }) {
  const { t } = useTranslation();
  const { t: tq } = useTranslation(QUESTIONNAIRES_NAMESPACE);
  const ids = detail.submitted?.wrongQuestionIds ?? [];
  if (ids.length === 0) return null;
  const labels = new Map(
    detail.template.sections.flatMap((s) => s.pages.flatMap((p) => p.questions.map((q) => [q.id, q.label]))),
  );
  return (
    <div className="qn-wrong">
      <p className="qn-wrong__title">{t('next.result.wrongTitle')}</p>
      <ol className="qn-wrong__list">
        {ids.map((id) => (
          <li key={id}>{tq(labels.get(id) ?? id)}</li>
        ))}
      </ol>
    </div>
  );
}

/** What a submitted questionnaire, test or agreement shows: its status, score, reason, next step. */
export function QuestionnaireResult({ detail, onAnswerAgain }: QuestionnaireResultProps) {
  const { t } = useTranslation();
  const { t: tq } = useTranslation(QUESTIONNAIRES_NAMESPACE);
  const formatDateTime = useDateTime();
  const { template, status, submitted, reason, retryAfter, editable } = detail;
  const coolDownOver = useNowPast(retryAfter);
  const submittedAt = submitted ? formatDateTime(submitted.submittedAt) : '';

  if (template.kind === 'test' && submitted?.score && (status === 'APPROVED' || status === 'REJECTED')) {
    const { score, max, band } = submitted.score;
    const passed = status === 'APPROVED';
    const bandLabel = band ? template.scoring?.bands?.find((b) => b.value === band)?.label : undefined;
    return (
      <Card title={t(passed ? 'questionnaire.test.passedTitle' : 'questionnaire.test.failedTitle')}>
        <div className="qn-result">
          <p
            className={passed ? 'qn-notice qn-notice--success' : 'qn-notice qn-notice--danger'}
            role="status"
          >
            {passed
              ? tq('result.passed', { score, max })
              : tq('result.failed', { score, max, passMark: template.scoring?.passMark ?? 0 })}
          </p>
          {bandLabel ? <p>{tq('result.profile', { profile: tq(bandLabel) })}</p> : null}
          {!passed && retryAfter !== null && !coolDownOver ? (
            <p className="qn-notice qn-notice--warn">
              {t('questionnaire.test.coolDown', { time: formatDateTime(retryAfter) })}
            </p>
          ) : null}
          {!passed ? <WrongAnswers detail={detail} /> : null}
          {!passed && editable ? (
            <Button variant="primary" disabled={!coolDownOver} onClick={onAnswerAgain}>
              {t('questionnaire.test.retry')}
            </Button>
          ) : null}
          <LeadOn />
        </div>
      </Card>
    );
  }

  if (status === 'APPROVED') {
    const agreement = template.kind === 'agreement';
    return (
      <Card
        title={t(agreement ? 'questionnaire.status.acceptedTitle' : 'questionnaire.status.approvedTitle')}
      >
        <div className="qn-result">
          <p className="qn-notice qn-notice--success" role="status">
            {agreement && submitted
              ? t('questionnaire.status.accepted', { version: submitted.templateVersion, date: submittedAt })
              : t('questionnaire.status.approved')}
          </p>
          {agreement ? (
            <p>
              <a href={agreementHref(template.code)} download>
                {t('next.result.download')}
              </a>
            </p>
          ) : null}
          <LeadOn />
        </div>
      </Card>
    );
  }

  if (status === 'REJECTED') {
    return (
      <Card title={t('questionnaire.status.rejectedTitle')}>
        <div className="qn-result">
          {reason ? (
            <p className="qn-notice qn-notice--danger" role="status">
              {t('questionnaire.status.reason', { reason: isolate(reason) })}
            </p>
          ) : null}
          {editable && coolDownOver ? (
            <Button variant="primary" onClick={onAnswerAgain}>
              {t('questionnaire.status.resubmit')}
            </Button>
          ) : null}
          <LeadOn />
        </div>
      </Card>
    );
  }

  // PENDING, PENDING_NO_EDIT: submitted, with a reviewer (or waiting for one).
  return (
    <Card title={t('questionnaire.status.pendingTitle')}>
      <div className="qn-result">
        <p className="qn-notice" role="status">
          {t('questionnaire.status.pending', { date: submittedAt })}
        </p>
        {status === 'PENDING' && editable ? (
          <>
            <p>{t('questionnaire.status.pendingEditable')}</p>
            <Button variant="secondary" onClick={onAnswerAgain}>
              {t('questionnaire.status.edit')}
            </Button>
          </>
        ) : null}
        <LeadOn />
      </div>
    </Card>
  );
}
