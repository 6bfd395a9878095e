import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RET_CODES } from '@kyc/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import {
  COUNTRY_CLOSED_REASONS,
  COVERAGE_STATES,
  DOCUMENT_TYPES,
  patchCountry,
  type CountryClosedReason,
  type CountryCoverageEntry,
  type CoverageState,
  type DocumentType,
} from '../api/countries.ts';

interface CoverageDialogProps {
  country: CountryCoverageEntry;
  name: string;
  onSaved: (saved: CountryCoverageEntry) => void;
  /** Someone else changed the country since the list was read (53002): the list is read again. */
  onConflict: () => void;
  onClose: () => void;
}

type FieldErrors = { reason?: boolean; documents?: boolean };

/**
 * One country's coverage: offered (with the documents accepted) or closed with a reason. The rules are
 * checked here first and again by the server (53003, 53004); the change names the version it was made
 * on, so an edit made meanwhile by someone else is never overwritten (53002).
 */
export function CoverageDialog({ country, name, onSaved, onConflict, onClose }: CoverageDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<CoverageState>(country.state);
  const [reason, setReason] = useState<CountryClosedReason | ''>(country.closedReason);
  const [documents, setDocuments] = useState<readonly DocumentType[]>(country.documentTypes);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const toggle = (type: DocumentType, on: boolean) =>
    setDocuments((list) => (on ? [...list, type] : list.filter((d) => d !== type)));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (state === 'closed' && !reason) found.reason = true;
    if (state === 'offered' && documents.length === 0) found.documents = true;
    setErrors(found);
    setFailure(null);
    if (found.reason || found.documents) return;
    setSaving(true);
    try {
      const saved = await patchCountry(country.code, {
        version: country.version,
        state,
        closedReason: state === 'closed' ? reason : '',
        documentTypes: DOCUMENT_TYPES.filter((type) => documents.includes(type)),
      });
      onSaved(saved);
    } catch (error) {
      if (isApiError(error, RET_CODES.COUNTRY_EDIT_CONFLICT.code)) onConflict();
      else if (isApiError(error, RET_CODES.COUNTRY_CLOSED_REASON_INVALID.code)) setErrors({ reason: true });
      else if (isApiError(error, RET_CODES.COUNTRY_DOCUMENTS_REQUIRED.code)) setErrors({ documents: true });
      else if (isApiError(error, RET_CODES.COUNTRY_UNKNOWN.code)) setFailure(t('countries.errors.unknown'));
      else setFailure(t(errorMessageKey(error)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog title={t('countries.form.title', { country: name })} onClose={onClose}>
      <form className="countries-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <fieldset>
          <legend>{t('countries.form.state')}</legend>
          {COVERAGE_STATES.map((value) => (
            <label key={value} className="countries-form__choice">
              <input
                type="radio"
                name={`${id}-state`}
                value={value}
                checked={state === value}
                onChange={() => setState(value)}
                data-autofocus={state === value ? true : undefined}
              />
              <span>{t(`countries.states.${value}`)}</span>
            </label>
          ))}
        </fieldset>
        {state === 'closed' ? (
          <SelectField
            label={t('countries.form.reason')}
            value={reason}
            onChange={(event) => {
              const value = event.target.value;
              setReason(
                (COUNTRY_CLOSED_REASONS as readonly string[]).includes(value)
                  ? (value as CountryClosedReason)
                  : '',
              );
            }}
            options={[
              { value: '', label: t('countries.form.chooseReason') },
              ...COUNTRY_CLOSED_REASONS.map((code) => ({
                value: code,
                label: t(`countries.reasons.${code}`),
              })),
            ]}
            error={errors.reason ? t('countries.errors.reason') : undefined}
          />
        ) : null}
        <fieldset
          aria-describedby={`${id}-documents-hint${errors.documents ? ` ${id}-documents-error` : ''}`}
        >
          <legend>{t('countries.form.documents')}</legend>
          <p id={`${id}-documents-hint`} className="countries-form__hint">
            {t('countries.form.documentsHint')}
          </p>
          {DOCUMENT_TYPES.map((type) => (
            <label key={type} className="countries-form__choice">
              <input
                type="checkbox"
                checked={documents.includes(type)}
                onChange={(event) => toggle(type, event.target.checked)}
              />
              <span>{t(`case.documentTypes.${type}`)}</span>
            </label>
          ))}
          {errors.documents ? (
            <p id={`${id}-documents-error`} className="countries-form__error">
              {t('countries.errors.documents')}
            </p>
          ) : null}
        </fieldset>
        <div className="ui-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('countries.form.cancel')}
          </Button>
          <Button type="submit" busy={saving}>
            {saving ? t('countries.form.saving') : t('countries.form.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
