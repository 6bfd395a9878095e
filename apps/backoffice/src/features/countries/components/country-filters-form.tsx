import { useTranslation } from 'react-i18next';
import { FilterForm, type FilterFormProps } from '../../../ui/filter-form.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { COVERAGE_STATES, type CountryFilters, type CoverageState } from '../api/countries.ts';

/** A name or code, and the coverage; applying puts them into the URL. */
export function CountryFiltersForm({ initial, onApply }: FilterFormProps<CountryFilters>) {
  const { t } = useTranslation();
  const onSubmit = (text: (name: string) => string) => {
    const next: CountryFilters = {};
    const q = text('q');
    if (q) next.q = q.slice(0, 64);
    const state = text('state');
    if ((COVERAGE_STATES as readonly string[]).includes(state)) next.state = state as CoverageState;
    onApply(next);
  };
  return (
    <FilterForm
      label={t('countries.filters.label')}
      applyLabel={t('countries.filters.apply')}
      clearLabel={t('countries.filters.clear')}
      onSubmit={onSubmit}
      onClear={() => onApply({})}
    >
      <TextField
        name="q"
        type="search"
        label={t('countries.filters.q')}
        defaultValue={initial.q ?? ''}
        maxLength={64}
        autoComplete="off"
      />
      <SelectField
        name="state"
        label={t('countries.filters.state')}
        defaultValue={initial.state ?? ''}
        options={[
          { value: '', label: t('countries.filters.anyState') },
          ...COVERAGE_STATES.map((state) => ({ value: state, label: t(`countries.states.${state}`) })),
        ]}
      />
    </FilterForm>
  );
}
