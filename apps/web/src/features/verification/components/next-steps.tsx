import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ComplianceTask, KycInfo, KycStepLevel } from '@kyc/contracts';
import { QUESTIONNAIRES_NAMESPACE } from '../../../lib/i18n/namespaces';
import { getComplianceTasks } from '../../../lib/compliance-tasks/get-compliance-tasks';
import { Link } from '../../../lib/router';
import { Button } from '../../../ui/button';
import { formatDeadline } from './kyc-format';
import { stepOf } from './kyc-steps';

/** One open item: what to do, where, and by when (null: no deadline). */
export interface NextItem {
  id: string;
  title:
    | { key: 'next.items.level' | 'next.items.levelRetry' | 'next.items.reverify'; level?: number }
    | { task: ComplianceTask };
  /** A path of the SPA (`/{lang}/auth/...`) or an anchor on this page (`#...`). */
  href: string;
  dueAt: number | null;
}

const KIND_KEYS = {
  questionnaire: 'questionnaire.tasks.kinds.questionnaire',
  rfi: 'questionnaire.tasks.kinds.rfi',
  edd: 'questionnaire.tasks.kinds.edd',
  aml: 'questionnaire.tasks.kinds.aml',
} as const satisfies Record<ComplianceTask['kind'], string>;

/**
 * The open items, most pressing first: the verification steps the person can start or must fix, a
 * requested re-verification, then the open compliance tasks (questionnaires, requests for information,
 * agreements to accept again) by due date. Pure, from kyc-info and the one compliance-tasks answer.
 */
export function nextItems(info: KycInfo, tasks: readonly ComplianceTask[], lang: string): NextItem[] {
  const items: NextItem[] = [];
  for (const level of [1, 2] as const satisfies readonly KycStepLevel[]) {
    const { status } = stepOf(info, level);
    if (status === 'FAILED_AND_CAN_RETRY')
      items.push({
        id: `level-${level}`,
        title: { key: 'next.items.levelRetry', level },
        href: `/${lang}/auth/kyc?level=${level}`,
        dueAt: null,
      });
    else if (status === 'ALLOW')
      items.push({
        id: `level-${level}`,
        title: { key: 'next.items.level', level },
        href: `/${lang}/auth/kyc?level=${level}`,
        dueAt: null,
      });
  }
  const poi = info.displayControl.displayUpdatePOI;
  if (poi.status === 'DisplayUpdatePOIStatus_Needed' || poi.status === 'DisplayUpdatePOIStatus_Rejected')
    items.push({
      id: 'reverification',
      title: { key: 'next.items.reverify' },
      href: '#kyc-reverify-title',
      dueAt: poi.deadline,
    });
  const open = tasks
    .filter((t) => t.open)
    .sort((a, b) => (a.dueAt ?? Infinity) - (b.dueAt ?? Infinity) || a.createdAt - b.createdAt);
  for (const task of open)
    items.push({
      id: `task-${task.id}`,
      title: { task },
      href: `/${lang}/auth/${task.screen}`,
      dueAt: task.dueAt ?? null,
    });
  return items;
}

function TaskTitle({ task }: { task: ComplianceTask }) {
  const { t: tq } = useTranslation(QUESTIONNAIRES_NAMESPACE);
  return <>{tq(`${task.templateCode}.title`)}</>;
}

function ItemTitle({ item }: { item: NextItem }) {
  const { t } = useTranslation();
  if ('task' in item.title) {
    // Template titles live in the questionnaires namespace (loaded on demand); the kind meanwhile.
    return (
      <Suspense fallback={t(KIND_KEYS[item.title.task.kind])}>
        <TaskTitle task={item.title.task} />
      </Suspense>
    );
  }
  return <>{t(item.title.key, { level: item.title.level })}</>;
}

type TasksLoad = { status: 'loading' } | { status: 'error' } | { status: 'ready'; tasks: ComplianceTask[] };

/**
 * "What to do next" on the personal page (issue 10): every open item with its link and deadline, and
 * the way to the full task list. One request (compliance-tasks) besides the kyc-info already loaded;
 * it sits below the step cards and keeps its space while loading, so nothing above it moves.
 */
export function NextSteps({ info, lang }: { info: KycInfo; lang: string }) {
  const { t, i18n } = useTranslation();
  const [load, setLoad] = useState<TasksLoad>({ status: 'loading' });
  const fetchTasks = useCallback(() => {
    let live = true;
    setLoad({ status: 'loading' });
    getComplianceTasks().then(
      ({ tasks }) => live && setLoad({ status: 'ready', tasks }),
      () => live && setLoad({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => fetchTasks(), [fetchTasks]);

  const language = i18n.resolvedLanguage ?? i18n.language;
  // Nothing until the tasks are in: the list then appears whole, inside the space kept for it.
  const items =
    load.status === 'loading' ? [] : nextItems(info, load.status === 'ready' ? load.tasks : [], lang);
  return (
    <section
      className="card next-steps"
      aria-labelledby="next-steps-title"
      aria-busy={load.status === 'loading'}
    >
      <h2 id="next-steps-title" className="card__title">
        {t('next.title')}
      </h2>
      {load.status === 'error' ? (
        <div className="notice notice--warn">
          <p>{t('next.loadError')}</p>
          <Button variant="secondary" onClick={fetchTasks}>
            {t('next.retry')}
          </Button>
        </div>
      ) : null}
      {load.status !== 'loading' && items.length === 0 ? (
        <p className="step-card__text">{t('next.empty')}</p>
      ) : null}
      {items.length > 0 ? (
        <ul className="next-steps__list">
          {items.map((item) => (
            <li key={item.id} className="next-steps__item">
              {item.href.startsWith('#') ? (
                <a className="next-steps__link" href={item.href}>
                  <ItemTitle item={item} />
                </a>
              ) : (
                <Link className="next-steps__link" to={item.href}>
                  <ItemTitle item={item} />
                </Link>
              )}
              {item.dueAt !== null ? (
                <span className="next-steps__due">
                  {t('next.due', { date: formatDeadline(item.dueAt, language) })}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <Link className="step-card__link" to={`/${lang}/auth/complianceTasks`}>
        {t('next.allTasks')}
      </Link>
    </section>
  );
}
