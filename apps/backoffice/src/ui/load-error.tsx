import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

interface LoadErrorProps {
  /** What went wrong, already translated (errorMessageKey of the error, or a page's own wording). */
  message: ReactNode;
  onRetry: () => void;
}

/** A page's data could not be loaded: the reason, announced at once, and "Try again". */
export function LoadError({ message, onRetry }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert tone="error">
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('errors.retry')}
      </Button>
    </Alert>
  );
}
