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
}

export function SelectField({ label, options, inline = false, className, ...rest }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={cx('ui-field', inline && 'ui-field--inline', className)}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <select {...rest} id={id} className="ui-field__control">
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
