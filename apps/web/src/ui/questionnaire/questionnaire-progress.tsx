import { useTranslation } from 'react-i18next';
import './questionnaire.css';

export interface QuestionnaireProgressProps {
  /** The pages shown for the answers so far, in order. */
  pages: readonly { id: string; title: string }[];
  /** 0-based position of the page the user is on. */
  current: number;
}

/** "Page N of M" as a progress bar, and the list of pages with the current one marked (aria-current). */
export function QuestionnaireProgress({ pages, current }: QuestionnaireProgressProps) {
  const { t } = useTranslation();
  const text = t('questionnaire.progress', { current: current + 1, total: pages.length });
  return (
    <div className="qn-progress">
      <p className="qn-progress__text" id="qn-progress-text">
        {text}
      </p>
      <div
        className="qn-progress__bar"
        role="progressbar"
        aria-labelledby="qn-progress-text"
        aria-valuemin={1}
        aria-valuemax={pages.length}
        aria-valuenow={current + 1}
        aria-valuetext={text}
      >
        <span
          className="qn-progress__fill"
          style={{ inlineSize: `${((current + 1) / pages.length) * 100}%` }}
        />
      </div>
      <ol className="qn-progress__steps" aria-label={t('questionnaire.steps')}>
        {pages.map((page, index) => (
          <li
            key={page.id}
            className={
              index === current
                ? 'qn-progress__step qn-progress__step--current'
                : index < current
                  ? 'qn-progress__step qn-progress__step--done'
                  : 'qn-progress__step'
            }
            aria-current={index === current ? 'step' : undefined}
          >
            {page.title}
          </li>
        ))}
      </ol>
    </div>
  );
}
