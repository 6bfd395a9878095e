import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@kyc/contracts';
import { isolate } from '../../../lib/i18n/bidi';
import { QUESTIONNAIRES_NAMESPACE } from '../../../lib/i18n/namespaces';
import { markNoticesRead } from '../api/notices';

/** The sentence of each notice (docs/kyc.md "Notices"); questionnaires name their template. */
const TEXT = {
  kyc_level: {
    approved: 'next.notices.kyc_level.approved',
    rejected: 'next.notices.kyc_level.rejected',
    info_requested: 'next.notices.kyc_level.rejected',
  },
  reverification: {
    approved: 'next.notices.reverification.approved',
    rejected: 'next.notices.reverification.rejected',
    info_requested: 'next.notices.reverification.info_requested',
  },
  kyc_update: {
    approved: 'next.notices.kyc_update.approved',
    rejected: 'next.notices.kyc_update.rejected',
    info_requested: 'next.notices.kyc_update.rejected',
  },
  questionnaire: {
    approved: 'next.notices.questionnaire.approved',
    rejected: 'next.notices.questionnaire.rejected',
    info_requested: 'next.notices.questionnaire.info_requested',
  },
} as const satisfies Record<Notice['kind'], Record<Notice['outcome'], string>>;

function QuestionnaireNotice({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const { t: tq } = useTranslation(QUESTIONNAIRES_NAMESPACE);
  return <>{t(TEXT.questionnaire[notice.outcome], { title: isolate(tq(`${notice.ref}.title`)) })}</>;
}

/** One notice as a sentence: "Your level 1 verification was approved." */
export function NoticeText({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  if (notice.kind === 'questionnaire') {
    // The template's title lives in the questionnaires namespace, loaded on demand.
    const fallback = t(TEXT.questionnaire[notice.outcome], {
      title: t('questionnaire.tasks.kinds.questionnaire'),
    });
    return (
      <Suspense fallback={fallback}>
        <QuestionnaireNotice notice={notice} />
      </Suspense>
    );
  }
  const level = notice.ref.replace('LEVEL_', '');
  return <>{t(TEXT[notice.kind][notice.outcome], { level })}</>;
}

/**
 * The unread marker of the personal page: decisions made since the person last looked, marked "New".
 * Shown once: they are marked read as soon as they are on screen (the person's own; idempotent).
 */
export function DecisionNotices({ notices }: { notices: Notice[] }) {
  const { t } = useTranslation();
  const marked = useRef(false);
  useEffect(() => {
    if (marked.current || notices.length === 0) return;
    marked.current = true;
    markNoticesRead(notices.map((n) => n.id)).catch(() => {
      // Not marked: the notices show again on the next visit, nothing is lost.
    });
  }, [notices]);
  if (notices.length === 0) return null;
  return (
    <section className="card decision-notices" aria-labelledby="decision-notices-title">
      <div className="step-card__head">
        <h2 id="decision-notices-title" className="card__title">
          {t('next.notices.title')}
        </h2>
        <span className="status-tag status-tag--info">{t('next.notices.new')}</span>
      </div>
      <div role="status">
        <ul className="decision-notices__list">
          {notices.map((notice) => (
            <li
              key={notice.id}
              className={`notice notice--${notice.outcome === 'approved' ? 'info' : 'warn'}`}
            >
              <NoticeText notice={notice} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
