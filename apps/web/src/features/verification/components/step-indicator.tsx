import { useTranslation } from 'react-i18next';

export interface StepIndicatorProps {
  /** The translated name of every step, in order. */
  steps: readonly string[];
  /** Index of the current step. */
  current: number;
}

/** "Step 2 of 5" and the list of steps, the current one marked with aria-current="step". */
export function StepIndicator({ steps, current }: StepIndicatorProps) {
  const { t } = useTranslation();
  return (
    <nav className="step-indicator" aria-label={t('capture.stepsLabel')}>
      <p className="step-indicator__count">
        {t('capture.stepOf', { current: current + 1, total: steps.length })}
      </p>
      <ol className="step-indicator__list">
        {steps.map((name, index) => (
          <li
            key={name}
            className={`step-indicator__item${
              index < current
                ? ' step-indicator__item--done'
                : index === current
                  ? ' step-indicator__item--current'
                  : ''
            }`}
            aria-current={index === current ? 'step' : undefined}
          >
            <span className="step-indicator__dot" aria-hidden="true">
              {index + 1}
            </span>
            <span className="step-indicator__name">{name}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
