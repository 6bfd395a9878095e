import { cx } from './class-names.ts';
import './spinner.css';

export type SpinnerSize = 'small' | 'medium' | 'page';

interface SpinnerProps {
  /** Announced to screen readers; leave out when the surrounding control already says what is happening. */
  label?: string;
  size?: SpinnerSize;
}

export function Spinner({ label, size = 'medium' }: SpinnerProps) {
  return (
    <span
      className={cx('ui-spinner', size !== 'medium' && `ui-spinner--${size}`)}
      role={label ? 'status' : undefined}
    >
      <span className="ui-spinner__ring" aria-hidden="true" />
      {label ? <span className="visually-hidden">{label}</span> : null}
    </span>
  );
}
