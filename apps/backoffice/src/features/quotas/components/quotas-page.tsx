import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, type ErrorMessageKey } from '../../../lib/error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import {
  fetchQuotas,
  MAX_CHANGES,
  patchQuotas,
  QUOTA_LEVELS,
  QUOTA_SCOPES,
  type Quota,
} from '../api/quotas.ts';
import {
  limitText,
  quotaId,
  rowOf,
  unsavedChanges,
  validateRows,
  type QuotaRow,
  type QuotaRowErrors,
} from '../quota-form.ts';
import '../../../ui/data-table.css';
import './quotas-page.css';

type Outcome = { tone: 'saved' } | { tone: 'unchanged' } | { tone: 'error'; key: ErrorMessageKey } | null;

/**
 * Quotas (admin): daily withdrawal limits per scope, verification level and coin. The page reads every
 * limit first (loading, then an error with retry, or the form prefilled with them); saving sends only
 * the rows that differ from what the server holds, and the form is prefilled again from its answer.
 */
export function QuotasPage() {
  const { t } = useTranslation();
  const title = t('areas.quotas.title');
  useDocumentTitle(title);
  const { resource, reload } = useResource('quotas', fetchQuotas);

  if (resource.state === 'loading') return <Spinner size="page" label={t('app.loading')} />;
  if (resource.state === 'error') {
    return (
      <>
        <h1>{title}</h1>
        <LoadError message={t(errorMessageKey(resource.error))} onRetry={reload} />
      </>
    );
  }
  return <QuotasEditor title={title} initial={resource.data} />;
}

function QuotasEditor({ title, initial }: { title: string; initial: Quota[] }) {
  const { t } = useTranslation();
  const nextKey = useRef(1);
  const newRow = (from?: Partial<QuotaRow>): QuotaRow => ({
    key: nextKey.current++,
    scope: 'KYC',
    level: 1,
    coin: '',
    limit: '',
    ...from,
  });
  /** The form for these limits: one row each, or one blank row when there are none. */
  const rowsFor = (quotas: readonly Quota[]): QuotaRow[] =>
    quotas.length > 0 ? quotas.map((quota) => rowOf(quota, nextKey.current++)) : [newRow()];
  const [rows, setRows] = useState<QuotaRow[]>(() => rowsFor(initial));
  const [errors, setErrors] = useState<Map<number, QuotaRowErrors>>(new Map());
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [current, setCurrent] = useState<Quota[]>(initial);
  const limitFields = useRef(new Map<number, HTMLInputElement>());

  const update = (key: number, patch: Partial<QuotaRow>) =>
    setRows((list) => list.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { errors: found, changes } = validateRows(rows);
    setErrors(found);
    setOutcome(null);
    if (!changes) return;
    const unsaved = unsavedChanges(changes, current);
    if (unsaved.length === 0) {
      setOutcome({ tone: 'unchanged' });
      return;
    }
    setSaving(true);
    try {
      const saved = await patchQuotas(unsaved);
      setCurrent(saved);
      setOutcome({ tone: 'saved' });
      setRows(rowsFor(saved));
    } catch (error) {
      setOutcome({ tone: 'error', key: errorMessageKey(error) });
    } finally {
      setSaving(false);
    }
  };

  /** Edit: the limit's field when the form has its row, else a new row for it (e.g. after Remove). */
  const loadIntoForm = (quota: Quota) => {
    const inForm = rows.find((r) => quotaId(r) === quotaId(quota));
    if (inForm) {
      limitFields.current.get(inForm.key)?.focus();
      return;
    }
    const row = rowOf(quota, nextKey.current++);
    setRows((list) => {
      const blank = list.filter((r) => r.coin || r.limit);
      return [...blank, row].slice(-MAX_CHANGES);
    });
  };

  return (
    <>
      <h1>{title}</h1>
      <p className="quotas-intro">{t('quotas.intro')}</p>
      {outcome?.tone === 'saved' ? <Alert>{t('quotas.saved')}</Alert> : null}
      {outcome?.tone === 'unchanged' ? <Alert>{t('quotas.unchanged')}</Alert> : null}
      {outcome?.tone === 'error' ? <Alert tone="error">{t(outcome.key)}</Alert> : null}
      <Card as="section" aria-labelledby="quotas-edit">
        <h2 id="quotas-edit">{t('quotas.editHeading')}</h2>
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <ol className="quotas-rows">
            {rows.map((row, index) => {
              const rowErrors = errors.get(row.key) ?? {};
              return (
                <li key={row.key} className="quotas-row">
                  <fieldset>
                    <legend>{t('quotas.rowLegend', { n: index + 1 })}</legend>
                    <SelectField
                      label={t('quotas.scope')}
                      value={row.scope}
                      onChange={(e) => update(row.key, { scope: e.target.value === 'KYB' ? 'KYB' : 'KYC' })}
                      options={QUOTA_SCOPES.map((scope) => ({ value: scope, label: scope }))}
                    />
                    <SelectField
                      label={t('quotas.level')}
                      value={String(row.level)}
                      onChange={(e) => update(row.key, { level: Number(e.target.value) })}
                      options={QUOTA_LEVELS.map((level) => ({ value: String(level), label: String(level) }))}
                    />
                    <TextField
                      label={t('quotas.coin')}
                      value={row.coin}
                      maxLength={10}
                      autoComplete="off"
                      autoCapitalize="characters"
                      onChange={(e) => update(row.key, { coin: e.target.value.toUpperCase() })}
                      error={rowErrors.coin ? t(rowErrors.coin) : undefined}
                    />
                    <TextField
                      ref={(input) => {
                        if (input) limitFields.current.set(row.key, input);
                        else limitFields.current.delete(row.key);
                      }}
                      label={t('quotas.limit')}
                      hint={t('quotas.limitHint')}
                      value={row.limit}
                      inputMode="decimal"
                      autoComplete="off"
                      onChange={(e) => update(row.key, { limit: e.target.value })}
                      error={rowErrors.limit ? t(rowErrors.limit) : undefined}
                    />
                    {rowErrors.duplicate ? (
                      <p className="ui-field__error">{t('quotas.errors.duplicate')}</p>
                    ) : null}
                    {rows.length > 1 ? (
                      <Button
                        variant="ghost"
                        onClick={() => setRows((list) => list.filter((r) => r.key !== row.key))}
                      >
                        {t('quotas.removeRow', { n: index + 1 })}
                      </Button>
                    ) : null}
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <div className="quotas-actions">
            {rows.length < MAX_CHANGES ? (
              <Button variant="secondary" onClick={() => setRows((list) => [...list, newRow()])}>
                {t('quotas.addRow')}
              </Button>
            ) : null}
            <Button type="submit" busy={saving}>
              {saving ? t('quotas.saving') : t('quotas.save')}
            </Button>
          </div>
        </form>
      </Card>
      {current.length > 0 ? (
        <Card as="section" aria-labelledby="quotas-current" className="quotas-current">
          <h2 id="quotas-current">{t('quotas.currentHeading')}</h2>
          <div className="ui-table-wrap">
            <table className="ui-table">
              <thead>
                <tr>
                  <th scope="col">{t('quotas.scope')}</th>
                  <th scope="col">{t('quotas.level')}</th>
                  <th scope="col">{t('quotas.coin')}</th>
                  <th scope="col">{t('quotas.limit')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('quotas.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {current.map((quota) => (
                  <tr key={`${quota.scope}/${quota.level}/${quota.coin}`}>
                    <td data-label={t('quotas.scope')}>{quota.scope}</td>
                    <td data-label={t('quotas.level')}>{quota.level}</td>
                    <td data-label={t('quotas.coin')}>{quota.coin}</td>
                    <td data-label={t('quotas.limit')}>{limitText(quota.limit)}</td>
                    <td data-label={t('quotas.actions')}>
                      <Button variant="ghost" onClick={() => loadIntoForm(quota)}>
                        {t('quotas.edit', { scope: quota.scope, level: quota.level, coin: quota.coin })}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      ) : null}
    </>
  );
}
