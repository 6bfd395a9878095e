import type { ReactNode } from 'react';
import { Button } from './button';
import './error-state.css';

export interface ErrorStateProps {
  title: ReactNode;
  message?: ReactNode;
  /** Label and handler of the recovery action (e.g. Retry). */
  actionLabel?: string;
  onAction?: () => void;
  /** Heading level within the page outline (3 inside a titled section). */
  headingLevel?: 1 | 2 | 3;
}

export function ErrorState({ title, message, actionLabel, onAction, headingLevel = 2 }: ErrorStateProps) {
  const Heading = headingLevel === 1 ? 'h1' : headingLevel === 3 ? 'h3' : 'h2';
  return (
    <div className="error-state" role="alert">
      <Heading className="error-state__title">{title}</Heading>
      {message ? <p className="error-state__message">{message}</p> : null}
      {actionLabel && onAction ? (
        <Button variant="primary" onClick={onAction}>
          {actionLabel}
        </Button>
      ) : null}
    </div>
  );
}
