import type { Ref, SelectHTMLAttributes } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled group of options after the plain ones (an `<optgroup>`). */
export interface SelectGroup {
  label: string;
  options: readonly SelectOption[];
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  id: string;
  label: string;
  options: readonly SelectOption[];
  groups?: readonly SelectGroup[];
  ref?: Ref<HTMLSelectElement>;
  error?: string | null;
  hint?: string;
}

/** A labelled native select (keyboard and screen-reader behaviour of the platform), like ui/TextField. */
export function SelectField({
  id,
  label,
  options,
  groups = [],
  ref,
  error,
  hint,
  'aria-describedby': extraDescription,
  ...select
}: SelectFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, extraDescription, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="select-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        {...select}
        ref={ref}
        id={id}
        className="select-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
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
