import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import './text-field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  ref?: Ref<HTMLInputElement>;
  /** Shown below the input and linked to it with aria-describedby; also sets aria-invalid. */
  error?: string | null;
  hint?: string;
  /** Something inside the field after the input, e.g. a show-password toggle. */
  trailing?: ReactNode;
}

/** Addresses, numbers and links read left to right in every language (ar-SA included). */
const LEFT_TO_RIGHT_TYPES = new Set(['email', 'tel', 'url', 'number']);

export function TextField({ id, label, error, hint, trailing, className, ref, ...input }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className={error ? 'field__control field__control--invalid' : 'field__control'}>
        <input
          dir={input.type && LEFT_TO_RIGHT_TYPES.has(input.type) ? 'ltr' : undefined}
          {...input}
          ref={ref}
          id={id}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {trailing}
      </div>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
