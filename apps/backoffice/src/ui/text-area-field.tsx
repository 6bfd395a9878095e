import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { cx } from './class-names.ts';
import './text-field.css';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  hint?: string;
  /** Shown under the field and linked to it; marks the field invalid. */
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line TextField: same label, hint and error handling. */
export function TextAreaField({ label, hint, error, className, ref, ...rest }: TextAreaFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('ui-field', className)}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <span className="ui-field__hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      <textarea
        {...rest}
        ref={ref}
        id={id}
        className="ui-field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error ? (
        <span className="ui-field__error" id={errorId}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
