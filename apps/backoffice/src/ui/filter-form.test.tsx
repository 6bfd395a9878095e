// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { FilterForm } from './filter-form.tsx';

afterEach(cleanup);

describe('FilterForm', () => {
  function renderForm() {
    const onSubmit = vi.fn<(text: (name: string) => string) => void>();
    const onClear = vi.fn();
    function Form() {
      return (
        <FilterForm
          label="Filters"
          applyLabel="Apply"
          clearLabel="Clear"
          onSubmit={onSubmit}
          onClear={onClear}
        >
          <label>
            Site <input name="site" />
          </label>
        </FilterForm>
      );
    }
    return { onSubmit, onClear, ...renderRoutes([{ path: '/f', Component: Form }], '/backoffice/f') };
  }

  it('when applied, then the fields are read trimmed, missing ones as empty text', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText('Site'), '  EU ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(onSubmit).toHaveBeenCalledOnce();
    const text = onSubmit.mock.calls[0]?.[0];
    expect(text?.('site')).toBe('EU');
    expect(text?.('absent')).toBe('');
    expect(screen.getByRole('form', { name: 'Filters' })).toBeTruthy();
  });

  it('when cleared, then onClear runs and the form is not submitted', async () => {
    const { user, onSubmit, onClear } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Clear' }));

    expect(onClear).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
