import { useEffect, useRef, useState, type ButtonHTMLAttributes, type PointerEvent, type Ref } from 'react';
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

export const BUTTON_VARIANTS: readonly ButtonVariant[] = [
  'default',
  'primary',
  'secondary',
  'secondaryBrand',
  'tradeLong',
  'tradeShort',
  'tradeSecondary',
  'marketing',
];
export const BUTTON_SIZES: readonly ButtonSize[] = [
  'xx-small',
  'x-small',
  'small',
  'middle',
  'large',
  'x-large',
];

/** spec §9: "Ripple deadline 500 ms" — a ripple element never outlives this. */
export const RIPPLE_DEADLINE_MS = 500;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full inline size of its container. */
  block?: boolean;
  /** Shows a spinner, sets aria-busy and disables the button while an action runs. */
  loading?: boolean;
  /** React 19: a ref is an ordinary prop, passed on to the <button> (to move focus to it). */
  ref?: Ref<HTMLButtonElement>;
}

interface Ripple {
  id: number;
  x: number;
  y: number;
  size: number;
}

let nextRippleId = 1;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * The one button of the product (spec §9 sizes and variants). type="button" unless told otherwise, so
 * a button inside a form never submits it by accident; type="submit" works as usual.
 */
export function Button({
  variant = 'default',
  size = 'middle',
  block = false,
  loading = false,
  type = 'button',
  className,
  disabled,
  children,
  onPointerDown,
  ...rest
}: ButtonProps) {
  const [ripples, setRipples] = useState<readonly Ripple[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  function startRipple(event: PointerEvent<HTMLButtonElement>) {
    onPointerDown?.(event);
    if (event.defaultPrevented || event.button !== 0 || prefersReducedMotion()) return;
    const rect = event.currentTarget.getBoundingClientRect();
    // Wide enough to cover the button from any starting point.
    const size = 2 * Math.hypot(rect.width, rect.height);
    const ripple = { id: nextRippleId++, x: event.clientX - rect.left, y: event.clientY - rect.top, size };
    setRipples((current) => [...current, ripple]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setRipples((current) => current.filter((r) => r.id !== ripple.id));
    }, RIPPLE_DEADLINE_MS);
    timers.current.add(timer);
  }

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
      onPointerDown={startRipple}
    >
      {ripples.map((r) => (
        <span
          key={r.id}
          className="btn__ripple"
          aria-hidden="true"
          // Pointer coordinates are physical, so physical offsets are right here in both directions.
          style={{ left: r.x - r.size / 2, top: r.y - r.size / 2, width: r.size, height: r.size }}
        />
      ))}
      {loading ? <Spinner size="small" /> : null}
      {children}
    </button>
  );
}
