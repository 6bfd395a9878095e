import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { VendorIdType, VendorTokenResult, VendorVerifyResult } from '@kyc/contracts';
import { isApiError, newIdempotencyKey } from '../../../lib/http';
import { errorMessage } from '../../../lib/i18n/error-message';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { useAfterVerificationStep } from '../../../lib/navigation/after-step';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { TextField } from '../../../ui/text-field';
import { useKycInfo } from '../api/use-kyc-info';
import { getVendorToken, verifyWithVendor } from '../api/vendor';
import { DocumentCapture } from '../capture/document-capture';
import type { UploadDocumentResult } from '../capture/upload-document';
import { isIsoDate, todayIso } from '../components/date-input';
import { KycInfoView } from '../components/kyc-info-view';
import { levelStartability } from '../components/kyc-start';
import { NotStartable } from '../components/kyc-verification';
import { SelectField } from '../components/select-field';
import {
  isNumericIdType,
  isValidIdNumber,
  isVendorCountry,
  normalizeIdNumber,
  VENDOR_COUNTRIES,
  type VendorCountry,
} from '../components/vendor-id-rules';
import '../components/kyc-flow.css';
import './verification-forms.css';

const ID_TYPE_LABEL = {
  BVN: 'vendor.idType.BVN',
  NIN: 'vendor.idType.NIN',
  KE_NATIONAL_ID: 'vendor.idType.KE_NATIONAL_ID',
  GHANA_CARD: 'vendor.idType.GHANA_CARD',
} as const satisfies Record<VendorIdType, string>;

const ID_NUMBER_HINT = {
  BVN: 'vendor.idNumber.hint.BVN',
  NIN: 'vendor.idNumber.hint.NIN',
  KE_NATIONAL_ID: 'vendor.idNumber.hint.KE_NATIONAL_ID',
  GHANA_CARD: 'vendor.idNumber.hint.GHANA_CARD',
} as const satisfies Record<VendorIdType, string>;

type Field = 'country' | 'idNumber' | 'firstName' | 'lastName' | 'dateOfBirth' | 'selfie';

/** One attempt: the vendor session and the Idempotency-Key its retries share. */
interface Attempt {
  key: string;
  session: VendorTokenResult;
}

/**
 * /auth/vendor (spec §2): level 1 without a document photo — a national identity number the vendor
 * checks against the issuing registry (Nigeria BVN / NIN, Kenya national ID, Ghana card), the name and
 * date of birth on it, and a selfie. vendor-token opens a single-use session; vendor-verify submits it.
 */
export default function VendorScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.vendor');
  const { load, reload } = useKycInfo();
  return (
    <div className="page">
      <h1>{title}</h1>
      <p className="page__intro">{t('vendor.intro')}</p>
      <KycInfoView load={load} onRetry={reload}>
        {(info) => <VendorStart start={levelStartability(info, 1)} />}
      </KycInfoView>
    </div>
  );
}

function VendorStart({ start }: { start: ReturnType<typeof levelStartability> }) {
  if (!start.startable) return <NotStartable reason={start.reason} />;
  return <VendorForm />;
}

function VendorForm() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const id = useId();
  const afterStep = useAfterVerificationStep();
  const [country, setCountry] = useState<VendorCountry | ''>('');
  const [idType, setIdType] = useState<VendorIdType | null>(null);
  const [idNumber, setIdNumber] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [selfie, setSelfie] = useState<{ result: UploadDocumentResult; file: Blob } | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [done, setDone] = useState<VendorVerifyResult | null>(null);

  const countryName = useMemo(() => {
    try {
      const names = new Intl.DisplayNames([language], { type: 'region' });
      return (code: string) => names.of(code) ?? code;
    } catch {
      return (code: string) => code;
    }
  }, [language]);

  /** The details changed: the next submission is a new attempt (new session, new key). */
  function edited<T>(set: (value: T) => void, field?: Field) {
    return (value: T) => {
      set(value);
      setAttempt(null);
      setSubmitError(null);
      if (field) setErrors((current) => ({ ...current, [field]: undefined }));
    };
  }

  function chooseCountry(code: string) {
    const next = isVendorCountry(code) ? code : '';
    edited(setCountry, 'country')(next);
    setIdType(next ? VENDOR_COUNTRIES[next][0] : null);
  }

  function validate(): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    const required = t('vendor.required');
    if (!country || !idType) found.country = required;
    if (!idNumber.trim()) found.idNumber = required;
    else if (idType && !isValidIdNumber(idType, idNumber)) found.idNumber = t('vendor.idNumber.invalid');
    if (!firstName.trim()) found.firstName = required;
    if (!lastName.trim()) found.lastName = required;
    if (!dateOfBirth) found.dateOfBirth = required;
    else if (!isIsoDate(dateOfBirth) || dateOfBirth >= todayIso())
      found.dateOfBirth = t('vendor.dateInvalid');
    if (!selfie) found.selfie = t('vendor.selfieMissing');
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0 || !idType || !selfie) {
      const first = (['country', 'idNumber', 'firstName', 'lastName', 'dateOfBirth'] as const).find(
        (field) => found[field],
      );
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setSubmitting(true);
    setSubmitError(null);
    try {
      // A vendor session is single-use and lasts 15 minutes: an expired one starts a new attempt.
      let current = attempt;
      if (!current || current.session.expiresAt <= Date.now()) {
        current = { key: newIdempotencyKey(), session: await getVendorToken({ level: 1, idType }) };
        setAttempt(current);
      }
      const result = await verifyWithVendor(
        {
          token: current.session.token,
          idType,
          idNumber: normalizeIdNumber(idNumber),
          firstName: firstName.trim(),
          lastName: lastName.trim(),
          dateOfBirth,
          selfieDocumentId: selfie.result.documentId,
        },
        current.key,
      );
      setDone(result);
    } catch (error) {
      setSubmitError(isApiError(error) ? errorMessage(i18n, error) : t('capture.submitFailed'));
    } finally {
      setSubmitting(false);
    }
  }

  if (done) {
    return (
      <Card className="kyc-flow kyc-flow--done" title={t('capture.done.title')}>
        <p role="status">{t('vendor.done')}</p>
        <Button variant="primary" className="kyc-flow__primary" onClick={() => afterStep()}>
          {t('capture.done.continue')}
        </Button>
      </Card>
    );
  }

  const idTypes: readonly VendorIdType[] = country ? VENDOR_COUNTRIES[country] : [];
  return (
    <Card className="kyc-flow">
      <form className="form-stack" noValidate onSubmit={(event) => void submit(event)}>
        <SelectField
          id={`${id}-country`}
          label={t('vendor.country.label')}
          value={country}
          error={errors.country}
          onChange={(event) => chooseCountry(event.target.value)}
          options={[
            { value: '', label: t('vendor.country.placeholder') },
            ...Object.keys(VENDOR_COUNTRIES).map((code) => ({ value: code, label: countryName(code) })),
          ]}
        />
        {idTypes.length > 1 ? (
          <fieldset className="kyc-flow__choices">
            <legend className="field__label">{t('vendor.idType.label')}</legend>
            {idTypes.map((type) => (
              <label key={type} className="kyc-flow__choice">
                <input
                  type="radio"
                  name={`${id}-id-type`}
                  value={type}
                  checked={idType === type}
                  onChange={() => edited(setIdType, 'idNumber')(type)}
                />
                <span>{t(ID_TYPE_LABEL[type])}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        {idType ? (
          <TextField
            id={`${id}-idNumber`}
            label={t('vendor.idNumber.label', { type: t(ID_TYPE_LABEL[idType]) })}
            hint={t(ID_NUMBER_HINT[idType])}
            error={errors.idNumber}
            value={idNumber}
            inputMode={isNumericIdType(idType) ? 'numeric' : 'text'}
            autoComplete="off"
            dir="ltr"
            onChange={(event) => edited(setIdNumber, 'idNumber')(event.target.value)}
          />
        ) : null}
        <div className="form-grid">
          <TextField
            id={`${id}-firstName`}
            label={t('vendor.firstName')}
            error={errors.firstName}
            value={firstName}
            autoComplete="given-name"
            onChange={(event) => edited(setFirstName, 'firstName')(event.target.value)}
          />
          <TextField
            id={`${id}-lastName`}
            label={t('vendor.lastName')}
            error={errors.lastName}
            value={lastName}
            autoComplete="family-name"
            onChange={(event) => edited(setLastName, 'lastName')(event.target.value)}
          />
        </div>
        <TextField
          id={`${id}-dateOfBirth`}
          label={t('vendor.dateOfBirth')}
          type="date"
          max={todayIso()}
          error={errors.dateOfBirth}
          value={dateOfBirth}
          autoComplete="bday"
          onChange={(event) => edited(setDateOfBirth, 'dateOfBirth')(event.target.value)}
        />
        <DocumentCapture
          side="selfie"
          headingLevel={2}
          label={t('capture.steps.selfie')}
          hint={t('capture.hints.selfie')}
          facing="user"
          onUploaded={(result, file) => edited(setSelfie, 'selfie')({ result, file })}
          onCleared={() => edited(setSelfie)(null)}
        />
        {errors.selfie ? (
          <p className="field__error" role="alert">
            {errors.selfie}
          </p>
        ) : null}
        {submitError ? (
          <div className="kyc-flow__error" role="alert">
            <p>{submitError}</p>
          </div>
        ) : null}
        <Button type="submit" variant="primary" className="form-stack__submit" loading={submitting}>
          {t(submitError ? 'capture.submitAgain' : 'vendor.submit')}
        </Button>
      </form>
    </Card>
  );
}
