import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionnaireAnswers, QuestionnaireTemplateDetail } from '@kyc/contracts';
import { isolate } from '../../../lib/i18n/bidi';
import { QUESTIONNAIRES_NAMESPACE } from '../../../lib/i18n/namespaces';
import { getCountryCodes, getTemplateDetail } from '../api/questionnaires';
import { allQuestions } from '@kyc/contracts/questionnaire-engine';
import { localDraftKey } from '../state/local-drafts';
import { SCREEN_TEMPLATES, type QuestionnaireScreen as ScreenName } from '../state/screen-templates';
import { selectUser, useAppSelector } from '../../../lib/store/hooks';
import { ErrorState } from '../../../ui/error-state';
import { PageSpinner } from '../../../ui/spinner';
import { QuestionnaireForm, type QuestionnaireNotice } from './questionnaire-form';
import { QuestionnaireResult } from './questionnaire-result';
import './questionnaire.css';

type View =
  | { kind: 'loading' }
  | { kind: 'error' }
  | {
      kind: 'ready';
      detail: QuestionnaireTemplateDetail;
      countries: string[];
      notice: QuestionnaireNotice | null;
      form: boolean;
      startFrom?: QuestionnaireAnswers;
    };

/** Open statuses show the form; submitted ones their result (PENDING, APPROVED, REJECTED). */
function opensOnForm(detail: QuestionnaireTemplateDetail): boolean {
  return detail.status === 'UNDEFINED' || detail.status === 'UNSUBMIT';
}

export interface QuestionnaireScreenProps {
  /** The spec §2 route; its template comes from state/screen-templates.ts. */
  screen: ScreenName;
  /** The translated screen title (useScreenTitle). */
  title: string;
}

/**
 * The body of every questionnaire, test, agreement and declaration screen of spec §2: loads the
 * template the screen shows (template-detail, pinned version, draft, status) and shows the form or the
 * result. The questionnaires translation namespace loads here, never on the first load.
 */
export function QuestionnaireScreen({ screen, title }: QuestionnaireScreenProps) {
  const { t } = useTranslation();
  const { t: tq } = useTranslation(QUESTIONNAIRES_NAMESPACE);
  const templateCode = SCREEN_TEMPLATES[screen];
  const userId = useAppSelector(selectUser).id ?? 'anonymous';
  const [view, setView] = useState<View>({ kind: 'loading' });

  const load = useCallback(
    async (notice: QuestionnaireNotice | null = null) => {
      setView({ kind: 'loading' });
      try {
        const detail = await getTemplateDetail(templateCode);
        const countries = allQuestions(detail.template).some((q) => q.type === 'country')
          ? await getCountryCodes().catch(() => [])
          : [];
        setView({ kind: 'ready', detail, countries, notice, form: opensOnForm(detail) });
      } catch {
        setView({ kind: 'error' });
      }
    },
    [templateCode],
  );

  useEffect(() => {
    void load();
  }, [load]);

  let body;
  if (view.kind === 'loading') body = <PageSpinner label={t('questionnaire.loading')} />;
  else if (view.kind === 'error')
    body = (
      <ErrorState
        title={t('questionnaire.loadFailed')}
        actionLabel={t('questionnaire.retry')}
        onAction={() => void load()}
      />
    );
  else if (view.form)
    body = (
      <QuestionnaireForm
        key={`${view.detail.template.version}:${view.detail.draft?.updatedAt ?? 0}:${view.notice ?? ''}`}
        detail={view.detail}
        storageKey={localDraftKey(userId, templateCode)}
        countries={view.countries}
        startFrom={view.startFrom}
        notice={view.notice}
        onSubmitted={() => void load()}
        onReload={(notice) => void load(notice)}
      />
    );
  else
    body = (
      <QuestionnaireResult
        detail={view.detail}
        onAnswerAgain={() =>
          setView({
            ...view,
            form: true,
            notice: null,
            // A test is taken afresh; a questionnaire is amended from the last answers.
            startFrom: view.detail.template.kind === 'test' ? undefined : view.detail.submitted?.answers,
          })
        }
      />
    );

  const description = view.kind === 'ready' && view.detail.template.description;
  // Answering again (issue 10): the form repeats what the reviewer asked for or why it was rejected.
  const ask =
    view.kind === 'ready' && view.form && view.detail.template.kind !== 'test' && view.detail.reason.trim()
      ? view.detail.status === 'REJECTED'
        ? t('questionnaire.status.reason', { reason: isolate(view.detail.reason) })
        : t('questionnaire.tasks.requested', { text: isolate(view.detail.reason) })
      : null;
  return (
    <div className="page qn-screen">
      <h1>{title}</h1>
      {view.kind === 'ready' ? (
        <div className="page__intro qn-intro">
          <p className="qn-intro__title">{tq(view.detail.template.title)}</p>
          {description ? <p>{tq(description)}</p> : null}
          {ask ? <p className="qn-notice qn-notice--warn">{ask}</p> : null}
        </div>
      ) : null}
      {body}
    </div>
  );
}
