import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formattingLocale, type ComplianceTask } from '@kyc/contracts';
import { isolate } from '../../../lib/i18n/bidi';
import { QUESTIONNAIRES_NAMESPACE } from '../../../lib/i18n/namespaces';
import { getComplianceTasks } from '../../../lib/compliance-tasks/get-compliance-tasks';
import { Link, useParams } from '../../../lib/router';
import { ErrorState } from '../../../ui/error-state';
import { PageSpinner } from '../../../ui/spinner';
import '../../../ui/questionnaire/questionnaire.css';
import './task-list.css';

const KIND_KEYS = {
  questionnaire: 'questionnaire.tasks.kinds.questionnaire',
  rfi: 'questionnaire.tasks.kinds.rfi',
  edd: 'questionnaire.tasks.kinds.edd',
  aml: 'questionnaire.tasks.kinds.aml',
} as const satisfies Record<ComplianceTask['kind'], string>;

type View = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; tasks: ComplianceTask[] };

/** The path of the spec §2 screen that completes a task, in the page's language. */
export function taskHref(lang: string, task: Pick<ComplianceTask, 'screen'>): string {
  return `/${lang}/auth/${task.screen}`;
}

/**
 * The user's compliance tasks (POST compliance-tasks, open first): each with its questionnaire, its
 * status, a reviewer's request when there is one, and a link to the screen that completes it; done
 * tasks are shown as done.
 */
export function TaskList() {
  const { t, i18n } = useTranslation();
  const { t: tq } = useTranslation(QUESTIONNAIRES_NAMESPACE);
  const { lang = 'en' } = useParams();
  const [view, setView] = useState<View>({ kind: 'loading' });

  const load = useCallback(async () => {
    setView({ kind: 'loading' });
    try {
      const { tasks } = await getComplianceTasks();
      setView({ kind: 'ready', tasks });
    } catch {
      setView({ kind: 'error' });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  if (view.kind === 'loading') return <PageSpinner label={t('questionnaire.loading')} />;
  if (view.kind === 'error')
    return (
      <ErrorState
        title={t('questionnaire.loadFailed')}
        actionLabel={t('questionnaire.retry')}
        onAction={() => void load()}
      />
    );
  if (!view.tasks.length) return <p className="qn-notice">{t('questionnaire.tasks.empty')}</p>;

  const date = new Intl.DateTimeFormat(formattingLocale(i18n.language), { dateStyle: 'medium' });
  return (
    <>
      <p className="page__intro">{t('questionnaire.tasks.intro')}</p>
      <ul className="qn-tasks">
        {view.tasks.map((task) => {
          const titleId = `task-${task.id}`;
          const title = tq(`${task.templateCode}.title`);
          const kind = t(KIND_KEYS[task.kind]);
          return (
            <li key={task.id} className="qn-task" aria-labelledby={titleId}>
              <div className="qn-task__head">
                <h2 id={titleId} className="qn-task__title">
                  {title}
                </h2>
                <span className={task.open ? 'qn-task__status' : 'qn-task__status qn-task__status--done'}>
                  {task.open ? t('questionnaire.tasks.open') : t('questionnaire.tasks.done')}
                </span>
              </div>
              <p className="qn-task__meta">
                {[
                  // The kind, unless the title already says it (Enhanced due diligence).
                  kind === title ? null : kind,
                  // UNDEFINED and UNSUBMIT say no more than "To do"; the others tell where the task stands.
                  task.status === 'UNDEFINED' || task.status === 'UNSUBMIT'
                    ? null
                    : tq(`statuses.questionnaire.${task.status}`),
                  t('questionnaire.tasks.created', { date: date.format(new Date(task.createdAt)) }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              {task.requestText ? (
                <p>{t('questionnaire.tasks.requested', { text: isolate(task.requestText) })}</p>
              ) : null}
              <p>
                <Link to={taskHref(lang, task)} aria-describedby={titleId}>
                  {task.open ? t('questionnaire.tasks.start') : t('questionnaire.tasks.view')}
                </Link>
              </p>
            </li>
          );
        })}
      </ul>
    </>
  );
}
