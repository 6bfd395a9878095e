import type { FormEvent, ReactNode } from 'react';
import { Button } from './button.tsx';
import './filter-form.css';

/** The props of a list screen's own filter form: it starts from the URL's filters and applies new ones. */
export interface FilterFormProps<F> {
  /** The filters in the URL now; the form starts from them (ListPage remounts it when the URL changes). */
  initial: F;
  onApply: (filters: F) => void;
}

interface FilterFormFrameProps {
  /** The form's accessible name. */
  label: string;
  applyLabel: string;
  clearLabel: string;
  /**
   * Reads the submitted fields (`text(name)`: the trimmed value, '' when absent): the screen's form
   * applies them when they are valid, else shows the fields' errors and leaves the URL alone.
   */
  onSubmit: (text: (name: string) => string) => void;
  /** Applies no filter at all. */
  onClear: () => void;
  /** The fields. */
  children: ReactNode;
}

/**
 * A grid of filter fields with Apply and Clear. Browser validation is off (noValidate): the form
 * writes its own translated errors beside the fields.
 */
export function FilterForm({
  label,
  applyLabel,
  clearLabel,
  onSubmit,
  onClear,
  children,
}: FilterFormFrameProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onSubmit((name) => String(data.get(name) ?? '').trim());
  };
  return (
    <form className="ui-filter-form" onSubmit={submit} noValidate aria-label={label}>
      {children}
      <div className="ui-filter-form__actions">
        <Button type="submit">{applyLabel}</Button>
        <Button variant="secondary" onClick={onClear}>
          {clearLabel}
        </Button>
      </div>
    </form>
  );
}
