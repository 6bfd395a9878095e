import type { ButtonHTMLAttributes, MouseEvent } from 'react';
import { cx } from './class-names.ts';
import { Spinner } from './spinner.tsx';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Full width of its container. */
  block?: boolean;
  /**
   * Work in progress: shows a spinner and ignores clicks. The button stays focusable (aria-disabled
   * rather than disabled) so keyboard focus is not lost while a request runs.
   */
  busy?: boolean;
}

export function Button({
  variant = 'primary',
  block = false,
  busy = false,
  type = 'button',
  className,
  onClick,
  children,
  ...rest
}: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      {...rest}
      type={type}
      className={cx('ui-button', `ui-button--${variant}`, block && 'ui-button--block', className)}
      aria-disabled={busy || rest['aria-disabled'] || undefined}
      aria-busy={busy || undefined}
      onClick={handleClick}
    >
      {busy ? <Spinner size="small" /> : null}
      {children}
    </button>
  );
}
