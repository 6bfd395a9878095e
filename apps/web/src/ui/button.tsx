import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner';
import './button.css';

/** spec §9 button variants. */
export type ButtonVariant =
  | 'default'
  | 'primary'
  | 'secondary'
  | 'secondaryBrand'
  | 'tradeLong'
  | 'tradeShort'
  | 'tradeSecondary'
  | 'marketing';

/** spec §9 button sizes. */
export type ButtonSize = 'xx-small' | 'x-small' | 'small' | 'middle' | 'large' | 'x-large';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full inline size of its container. */
  block?: boolean;
  /** Shows a spinner and disables the button while an action runs. */
  loading?: boolean;
}

export function Button({
  variant = 'default',
  size = 'middle',
  block = false,
  loading = false,
  type = 'button',
  className,
  disabled,
  children,
  ...rest
}: ButtonProps) {
  const classes = ['btn', `btn--${variant}`, `btn--${size}`, block ? 'btn--block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? <Spinner size="small" /> : null}
      {children}
    </button>
  );
}
