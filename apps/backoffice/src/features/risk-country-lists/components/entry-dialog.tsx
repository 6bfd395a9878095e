import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RET_CODES } from '@kyc/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import {
  changeCountryList,
  isCalendarDate,
  sourceLink,
  type RiskCountryEntryView,
  type RiskCountryListName,
  type RiskCountryListsView,
} from '../api/country-lists.ts';

interface EntryDialogProps {
  list: RiskCountryListName;
  listName: string;
  /** The entry to edit; null to add a country. */
  entry: RiskCountryEntryView | null;
  /** "Germany (DE)" of the entry edited. */
  countryName: string | null;
  baseVersion: number;
  onSaved: (saved: RiskCountryListsView, country: string) => void;
  /** The risk settings changed meanwhile (61022) or the entry went (61026): the page reloads. */
  onConflict: () => void;
  onClose: () => void;
}

type Field = 'country' | 'listedSince' | 'published' | 'source';

/**
 * Adds a country to a list or edits its entry: since when it is listed (optional), the publication's
 * date and its https address. Checked here first and again by the server (53001, 61023, 61024, 61025);
 * saved over the version read, so a change made meanwhile is never overwritten (61022).
 */
export function EntryDialog(props: EntryDialogProps) {
  const { list, listName, entry, countryName, baseVersion, onSaved, onConflict, onClose } = props;
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({
    country: entry?.country ?? '',
    listedSince: entry?.listedSince ?? '',
    published: entry?.published ?? '',
    source: entry?.source ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const country = (entry?.country ?? values.country).trim().toUpperCase();
    const listedSince = values.listedSince.trim();
    const published = values.published.trim();
    const source = values.source.trim();
    const found: Partial<Record<Field, string>> = {};
    if (!/^[A-Z]{2}$/.test(country)) found.country = t('riskCountryLists.errors.country');
    if (listedSince && !isCalendarDate(listedSince)) found.listedSince = t('riskCountryLists.errors.date');
    if (!isCalendarDate(published)) found.published = t('riskCountryLists.errors.date');
    if (!sourceLink(source)) found.source = t('riskCountryLists.errors.source');
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const saved = await changeCountryList({
        action: entry ? 'edit' : 'add',
        baseVersion,
        list,
        country,
        listedSince: listedSince || null,
        published,
        source,
      });
      onSaved(saved, country);
    } catch (error) {
      if (
        isApiError(error, RET_CODES.RISK_COUNTRY_LISTS_VERSION_CHANGED.code) ||
        isApiError(error, RET_CODES.RISK_COUNTRY_LIST_ENTRY_UNKNOWN.code)
      )
        onConflict();
      else if (isApiError(error, RET_CODES.COUNTRY_UNKNOWN.code))
        setErrors({ country: t('riskCountryLists.errors.countryUnknown') });
      else if (isApiError(error, RET_CODES.RISK_COUNTRY_LIST_ENTRY_EXISTS.code))
        setErrors({ country: t('riskCountryLists.errors.exists') });
      else if (isApiError(error, RET_CODES.RISK_COUNTRY_LIST_DATE_INVALID.code))
        setErrors({ published: t('riskCountryLists.errors.publishedFuture') });
      else if (isApiError(error, RET_CODES.RISK_COUNTRY_LIST_SOURCE_INVALID.code))
        setErrors({ source: t('riskCountryLists.errors.source') });
      else setFailure(t(errorMessageKey(error)));
    } finally {
      setSaving(false);
    }
  };

  const title =
    entry && countryName
      ? t('riskCountryLists.form.titleEdit', { country: countryName, list: listName })
      : t('riskCountryLists.form.titleNew', { list: listName });
  return (
    <Dialog title={title} onClose={onClose}>
      <form className="risk-lists-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        {entry ? null : (
          <TextField
            label={t('riskCountryLists.form.country')}
            hint={t('riskCountryLists.form.countryHint')}
            value={values.country}
            maxLength={2}
            autoComplete="off"
            onChange={set('country')}
            error={errors.country}
            data-autofocus
          />
        )}
        <TextField
          label={t('riskCountryLists.form.listedSince')}
          hint={t('riskCountryLists.form.listedSinceHint')}
          value={values.listedSince}
          inputMode="numeric"
          autoComplete="off"
          onChange={set('listedSince')}
          error={errors.listedSince}
          data-autofocus={entry ? true : undefined}
        />
        <TextField
          label={t('riskCountryLists.form.published')}
          hint={t('riskCountryLists.form.dateHint')}
          value={values.published}
          inputMode="numeric"
          autoComplete="off"
          onChange={set('published')}
          error={errors.published}
        />
        <TextField
          label={t('riskCountryLists.form.source')}
          hint={t('riskCountryLists.form.sourceHint')}
          value={values.source}
          type="url"
          dir="ltr"
          autoComplete="off"
          onChange={set('source')}
          error={errors.source}
        />
        <div className="ui-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('riskCountryLists.form.cancel')}
          </Button>
          <Button type="submit" busy={saving}>
            {saving ? t('riskCountryLists.form.saving') : t('riskCountryLists.form.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
