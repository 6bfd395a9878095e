import { useId, type SelectHTMLAttributes } from 'react';
import { cx } from './class-names.ts';
import './text-field.css';

export interface SelectOption {
  value: string;
  label: string;
  /** Language of the label, when it differs from the page's (e.g. a language's own name). */
  lang?: string;
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> {
  label: string;
  options: readonly SelectOption[];
  /** Label beside the control (toolbars) instead of above it (forms). */
  inline?: boolean;
  /** Shown under the field and linked to it; marks the field invalid. */
  error?: string;
}

export function SelectField({ label, options, inline = false, error, className, ...rest }: SelectFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cx('ui-field', inline && 'ui-field--inline', className)}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        {...rest}
        id={id}
        className="ui-field__control"
        aria-invalid={error ? true : rest['aria-invalid']}
        aria-describedby={errorId ?? rest['aria-describedby']}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <span className="ui-field__error" id={errorId}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
