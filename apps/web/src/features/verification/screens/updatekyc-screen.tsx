import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountryEntry, DocumentType, KycInfo, UpdateIdResult } from '@kyc/contracts';
import { DOCUMENT_TYPES } from '../api/wire';
import { Card } from '../../../ui/card';
import { ErrorState } from '../../../ui/error-state';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { getCountryList } from '../api/country-list';
import { postUpdateId } from '../api/update-id';
import { updateIdErrorKey } from '../api/update-id-errors';
import { DocumentCapture } from '../capture/document-capture';
import { isIsoDate, todayIso } from '../components/date-input';
import { SelectField } from '../components/select-field';
import { UpdateForm, UpdateFrame, type UpdateFrameTexts } from '../components/update-frame';
import { useFocusAfterRender } from '../components/use-focus-after-render';
import { useUpdateSubmission } from '../components/use-update-submission';
import './personal-screen.css';
import './verification-forms.css';

const DOCUMENT_TYPE_LABEL = {
  ID_CARD: 'updateId.documentType.ID_CARD',
  PASSPORT: 'updateId.documentType.PASSPORT',
  DRIVERS: 'updateId.documentType.DRIVERS',
  RESIDENCE_PERMIT: 'updateId.documentType.RESIDENCE_PERMIT',
} as const satisfies Record<DocumentType, string>;

/** docs/kyc.md: a passport has no back; the other documents need front and back; always a selfie. */
export function requiredSides(documentType: DocumentType): Array<'front' | 'back' | 'selfie'> {
  return documentType === 'PASSPORT' ? ['front', 'selfie'] : ['front', 'back', 'selfie'];
}

const NAME_MAX = 100;

const TEXTS = {
  intro: 'updateId.intro',
  unavailablePending: 'updateId.unavailable.pending',
  unavailableNotVerified: 'updateId.unavailable.notVerified',
  submittedTitle: 'updateId.submitted.title',
  submittedText: 'updateId.submitted.text',
  backToPersonal: 'updateId.backToPersonal',
} as const satisfies UpdateFrameTexts;

/**
 * /auth/updatekyc (spec §2 "update verification"): a verified user (level 1 SUCCESS) submits a new
 * identity document — issuing country, type, the names and dates it shows, its photos and a selfie —
 * with POST update-id. The refusals 1045–1053 and 1062 are explained inline (spec §8 updateIDError1–7).
 */
export default function UpdatekycScreen() {
  return (
    <UpdateFrame titleKey="screens.updatekyc" level={1} texts={TEXTS}>
      {(info, onSubmitted) => <UpdateIdForm info={info} onSubmitted={onSubmitted} />}
    </UpdateFrame>
  );
}

type CountriesLoad =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; list: Array<Pick<CountryEntry, 'code' | 'documentTypes'>> };

/** The open countries that issue at least one document type (GET country-list, spec §7). */
function useCountries(fallbackCountry: string) {
  const [load, setLoad] = useState<CountriesLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    getCountryList({ signal: controller.signal }).then(
      (list) => {
        if (controller.signal.aborted) return;
        const open = list.filter((c) => !c.isDisabled && c.documentTypes.length > 0);
        setLoad({ status: 'ready', list: open });
      },
      () => {
        if (controller.signal.aborted) return;
        // Without the list the verified identity's country still works; the server checks the type.
        setLoad(
          fallbackCountry
            ? { status: 'ready', list: [{ code: fallbackCountry, documentTypes: [...DOCUMENT_TYPES] }] }
            : { status: 'error' },
        );
      },
    );
    return () => controller.abort();
  }, [attempt, fallbackCountry]);
  return { load, retry: () => setAttempt((n) => n + 1) };
}

type Field = 'country' | 'documentType' | 'firstName' | 'lastName' | 'dateOfBirth' | 'expiryDate';
type Side = 'front' | 'back' | 'selfie';
type Errors = Partial<Record<Field | Side, string>>;

function UpdateIdForm({ info, onSubmitted }: { info: KycInfo; onSubmitted: (r: UpdateIdResult) => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const applicantCountry = (info.applicant?.country ?? '').toUpperCase();
  const countries = useCountries(applicantCountry);

  const [country, setCountry] = useState(applicantCountry);
  const [documentType, setDocumentType] = useState<DocumentType | ''>('');
  const [firstName, setFirstName] = useState(info.applicant?.firstname ?? '');
  const [lastName, setLastName] = useState(info.applicant?.lastname ?? '');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [expiryDate, setExpiryDate] = useState('');
  const [photos, setPhotos] = useState<{ type: DocumentType | ''; ids: Partial<Record<Side, string>> }>({
    type: '',
    ids: {},
  });
  const [errors, setErrors] = useState<Errors>({});
  const { submitting, refusal, handleSubmit } = useUpdateSubmission({
    onSubmitted,
    refusalOf: updateIdErrorKey,
  });
  const fieldRefs = useRef<Partial<Record<Field | Side, HTMLElement | null>>>({});
  const focusLater = useFocusAfterRender();

  const list = countries.load.status === 'ready' ? countries.load.list : [];
  const selected = list.find((c) => c.code === country);
  const documentTypes = selected?.documentTypes ?? [];
  // The type follows the country: the first type it issues when the chosen one is not among them.
  const type: DocumentType | '' =
    documentType !== '' && documentTypes.includes(documentType) ? documentType : (documentTypes[0] ?? '');
  // Photos belong to one document: another type starts its photos afresh.
  const documents = photos.type === type ? photos.ids : {};
  const today = todayIso();

  if (countries.load.status === 'loading') return <Spinner label={t('updateId.loadingCountries')} />;
  if (countries.load.status === 'error') {
    return (
      <ErrorState
        title={t('updateId.countriesError')}
        actionLabel={t('kyc.loadError.retry')}
        onAction={countries.retry}
      />
    );
  }

  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  const countryOptions = [
    ...(selected ? [] : [{ value: '', label: t('updateId.form.choose') }]),
    ...list
      .map((c) => ({ value: c.code, label: names.of(c.code) ?? c.code }))
      .sort((a, b) => a.label.localeCompare(b.label, language)),
  ];
  const sides = type ? requiredSides(type) : [];

  function validate(): Errors {
    const next: Errors = {};
    const required = t('updateId.validation.required');
    if (!selected) next.country = required;
    if (!type) next.documentType = required;
    if (!firstName.trim()) next.firstName = required;
    else if (firstName.trim().length > NAME_MAX) next.firstName = t('updateId.validation.tooLong');
    if (!lastName.trim()) next.lastName = required;
    else if (lastName.trim().length > NAME_MAX) next.lastName = t('updateId.validation.tooLong');
    if (!dateOfBirth) next.dateOfBirth = required;
    else if (!isIsoDate(dateOfBirth)) next.dateOfBirth = t('updateId.validation.date');
    else if (dateOfBirth >= today) next.dateOfBirth = t('updateId.validation.birthFuture');
    if (!expiryDate) next.expiryDate = required;
    else if (!isIsoDate(expiryDate)) next.expiryDate = t('updateId.validation.date');
    // The server refuses an expiry before today (UTC), 1047.
    else if (expiryDate < today) next.expiryDate = t('updateId.validation.expired');
    for (const side of sides) if (!documents[side]) next[side] = t('updateId.validation.photo');
    return next;
  }

  const submit = handleSubmit(() => {
    const next = validate();
    setErrors(next);
    const firstInvalid = (Object.keys(next) as Array<Field | Side>)[0];
    if (firstInvalid || !type) {
      if (firstInvalid) focusLater(() => fieldRefs.current[firstInvalid]);
      return null;
    }
    const body = {
      documentType: type,
      country,
      documentIds: sides.map((side) => documents[side] ?? ''),
      firstName: firstName.trim(),
      lastName: lastName.trim(),
      dateOfBirth,
      expiryDate,
    };
    return (idempotencyKey) => postUpdateId(body, idempotencyKey);
  });

  const setRef = (name: Field | Side) => (element: HTMLElement | null) => {
    fieldRefs.current[name] = element;
  };
  const captured = (side: Side) => ({
    onUploaded: (result: { documentId: string }) => {
      setPhotos((current) => ({
        type,
        ids: { ...(current.type === type ? current.ids : {}), [side]: result.documentId },
      }));
      setErrors((current) => ({ ...current, [side]: undefined }));
    },
    onCleared: () =>
      setPhotos((current) => {
        const { [side]: _dropped, ...ids } = current.type === type ? current.ids : {};
        return { type, ids };
      }),
  });

  return (
    <UpdateForm onSubmit={submit} refusal={refusal} submitting={submitting} submitLabel="updateId.submit">
      <Card title={t('updateId.form.documentTitle')}>
        <div className="form-grid">
          <SelectField
            id="update-id-country"
            ref={setRef('country')}
            label={t('updateId.form.country')}
            hint={t('updateId.form.countryHint')}
            options={countryOptions}
            value={selected ? country : ''}
            onChange={(event) => setCountry(event.target.value)}
            error={errors.country}
          />
          <SelectField
            id="update-id-type"
            ref={setRef('documentType')}
            label={t('updateId.form.documentType')}
            options={documentTypes.map((type) => ({ value: type, label: t(DOCUMENT_TYPE_LABEL[type]) }))}
            value={type}
            onChange={(event) => setDocumentType(event.target.value as DocumentType)}
            disabled={documentTypes.length === 0}
            error={errors.documentType}
          />
        </div>
      </Card>
      <Card title={t('updateId.form.detailsTitle')}>
        <div className="form-grid">
          <TextField
            id="update-id-first-name"
            ref={setRef('firstName')}
            label={t('updateId.form.firstName')}
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
            autoComplete="given-name"
            maxLength={NAME_MAX}
            error={errors.firstName}
          />
          <TextField
            id="update-id-last-name"
            ref={setRef('lastName')}
            label={t('updateId.form.lastName')}
            value={lastName}
            onChange={(event) => setLastName(event.target.value)}
            autoComplete="family-name"
            maxLength={NAME_MAX}
            error={errors.lastName}
          />
          <TextField
            id="update-id-birth"
            ref={setRef('dateOfBirth')}
            type="date"
            label={t('updateId.form.dateOfBirth')}
            value={dateOfBirth}
            max={today}
            onChange={(event) => setDateOfBirth(event.target.value)}
            autoComplete="bday"
            error={errors.dateOfBirth}
          />
          <TextField
            id="update-id-expiry"
            ref={setRef('expiryDate')}
            type="date"
            label={t('updateId.form.expiryDate')}
            value={expiryDate}
            min={today}
            onChange={(event) => setExpiryDate(event.target.value)}
            error={errors.expiryDate}
          />
        </div>
      </Card>
      <Card title={t('updateId.form.photosTitle')}>
        <div className="capture-grid">
          {sides.map((side) => (
            <div key={`${type}-${side}`} className="form-stack">
              {side === 'front' ? (
                <DocumentCapture
                  side="front"
                  label={t('updateId.capture.front')}
                  hint={t('updateId.capture.frontHint')}
                  facing="environment"
                  {...captured('front')}
                />
              ) : side === 'back' ? (
                <DocumentCapture
                  side="back"
                  label={t('updateId.capture.back')}
                  hint={t('updateId.capture.backHint')}
                  facing="environment"
                  {...captured('back')}
                />
              ) : (
                <DocumentCapture
                  side="selfie"
                  label={t('updateId.capture.selfie')}
                  hint={t('updateId.capture.selfieHint')}
                  facing="user"
                  {...captured('selfie')}
                />
              )}
              {errors[side] ? (
                <p ref={setRef(side)} tabIndex={-1} className="field__error">
                  {errors[side]}
                </p>
              ) : null}
            </div>
          ))}
        </div>
      </Card>
    </UpdateForm>
  );
}
