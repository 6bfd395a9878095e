import './spinner.css';

export interface SpinnerProps {
  /** Announced to assistive technology and shown next to the circle; omit for a purely visual spinner. */
  label?: string;
  size?: 'small' | 'medium';
}

export function Spinner({ label, size = 'medium' }: SpinnerProps) {
  return (
    <span className={`spinner spinner--${size}`} role={label ? 'status' : undefined}>
      <span className="spinner__circle" aria-hidden="true" />
      {label ? <span className="spinner__label">{label}</span> : null}
    </span>
  );
}

/**
 * A centred spinner for a whole page or content area. `overlay`: centred in the viewport, out of the
 * flow, for the wait before the page chrome exists, so that the header arriving above it shifts
 * nothing (CLS, docs/decisions.md D34).
 */
export function PageSpinner({ label, overlay = false }: { label?: string; overlay?: boolean }) {
  return (
    <div className={overlay ? 'page-spinner page-spinner--overlay' : 'page-spinner'}>
      <Spinner label={label} />
    </div>
  );
}
