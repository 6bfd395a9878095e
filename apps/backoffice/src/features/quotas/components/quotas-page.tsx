import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, type ErrorMessageKey } from '../../../lib/error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { MAX_CHANGES, patchQuotas, QUOTA_LEVELS, QUOTA_SCOPES, type Quota } from '../api/quotas.ts';
import { validateRows, type QuotaRow, type QuotaRowErrors } from '../quota-form.ts';
import '../../../ui/data-table.css';
import './quotas-page.css';

/** Formats a limit as the server stores it, without exponent notation (1e21 and the like never occur: 18 digits). */
function limitText(limit: number): string {
  return limit.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 8 });
}

/**
 * Quotas (admin): daily withdrawal limits per scope, verification level and coin. There is no read
 * endpoint: the page edits the limits typed in, and after saving shows the whole list the server
 * answers, each row of which can be loaded back into the form.
 */
export function QuotasPage() {
  const { t } = useTranslation();
  const title = t('areas.quotas.title');
  useDocumentTitle(title);
  const nextKey = useRef(1);
  const newRow = (from?: Partial<QuotaRow>): QuotaRow => ({
    key: nextKey.current++,
    scope: 'KYC',
    level: 1,
    coin: '',
    limit: '',
    ...from,
  });
  const [rows, setRows] = useState<QuotaRow[]>(() => [newRow()]);
  const [errors, setErrors] = useState<Map<number, QuotaRowErrors>>(new Map());
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'info' } | { tone: 'error'; key: ErrorMessageKey } | null>(
    null,
  );
  const [current, setCurrent] = useState<Quota[] | null>(null);

  const update = (key: number, patch: Partial<QuotaRow>) =>
    setRows((list) => list.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { errors: found, changes } = validateRows(rows);
    setErrors(found);
    setOutcome(null);
    if (!changes) return;
    setSaving(true);
    try {
      setCurrent(await patchQuotas(changes));
      setOutcome({ tone: 'info' });
      setRows([newRow()]);
    } catch (error) {
      setOutcome({ tone: 'error', key: errorMessageKey(error) });
    } finally {
      setSaving(false);
    }
  };

  const loadIntoForm = (quota: Quota) => {
    const scope = quota.scope === 'KYB' ? 'KYB' : 'KYC';
    const row = newRow({ scope, level: quota.level, coin: quota.coin, limit: limitText(quota.limit) });
    setRows((list) => {
      const blank = list.filter((r) => r.coin || r.limit);
      return [...blank, row].slice(-MAX_CHANGES);
    });
  };

  return (
    <>
      <h1>{title}</h1>
      <p className="quotas-intro">{t('quotas.intro')}</p>
      {outcome?.tone === 'info' ? <Alert>{t('quotas.saved')}</Alert> : null}
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
      {current ? (
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
