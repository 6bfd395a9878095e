import type { ReactNode } from 'react';
import { cx } from './class-names.ts';
import './alert.css';

export type AlertTone = 'error' | 'info';

interface AlertProps {
  tone?: AlertTone;
  children: ReactNode;
  className?: string;
}

/** A message in the page flow. Errors are announced at once (role=alert), information politely. */
export function Alert({ tone = 'info', children, className }: AlertProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx('ui-alert', `ui-alert--${tone}`, className)}
    >
      {children}
    </div>
  );
}
