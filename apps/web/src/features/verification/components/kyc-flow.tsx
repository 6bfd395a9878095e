import { useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CAPTURE_CONSENT_VERSION,
  type CountryClosedReason,
  type CountryEntry,
  type DocumentSide,
  type DocumentType,
  type KycInfo,
  type KycStepLevel,
} from '@kyc/contracts';
import { selectUser, useAppSelector } from '../../../lib/store/hooks';
import { isApiError, newIdempotencyKey } from '../../../lib/http';
import { errorMessage } from '../../../lib/i18n/error-message';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { Spinner } from '../../../ui/spinner';
import { getCountryList } from '../api/country-list';
import { getSupportedDocumentTypes, submitKyc } from '../api/submit-kyc';
import { UPDATE_KYC_REASON } from '../api/wire';
import { postPersonalInfo } from '../api/personal-info';
import { DocumentCapture } from '../capture/document-capture';
import { SelectField } from './select-field';
import { StepIndicator } from './step-indicator';
import { checkPersonalDetails, type PersonalDetails } from './personal-details';
import { PersonalDetailsStep } from './personal-details-step';
import { CaptureConsentStep } from './capture-consent-step';
import {
  checkDocumentDetails,
  documentDetailsRequest,
  type DocumentDetails,
  type DocumentDetailsErrors,
} from './document-details';
import { DocumentDetailsFields } from './document-details-fields';
import { clearDraft, draftKey, loadDraft, saveDraft } from './capture-draft';
import {
  currentStep,
  initKycFlow,
  isCaptureStep,
  kycFlowReducer,
  stepsOf,
  type FlowStep,
  type Uploaded,
} from './kyc-flow-state';
import {
  checkResidenceAddress,
  toResidence,
  type ResidenceAddressDraft,
  type ResidenceAddressErrors,
} from './residence-address';
import { ResidenceAddressStep } from './residence-address-step';
import '../screens/verification-forms.css';
import './kyc-flow.css';

/** spec §3 document type labels. */
export const DOCUMENT_TYPE_LABEL = {
  ID_CARD: 'capture.documentType.ID_CARD',
  PASSPORT: 'capture.documentType.PASSPORT',
  DRIVERS: 'capture.documentType.DRIVERS',
  RESIDENCE_PERMIT: 'capture.documentType.RESIDENCE_PERMIT',
} as const satisfies Record<DocumentType, string>;

const STEP_LABEL = {
  country: 'capture.steps.country',
  details: 'capture.steps.details',
  documentType: 'capture.steps.document',
  front: 'capture.steps.front',
  back: 'capture.steps.back',
  selfie: 'capture.steps.selfie',
  poa: 'capture.steps.poa',
  consent: 'captureSignOff.steps.consent',
  address: 'captureSignOff.steps.address',
  review: 'capture.steps.review',
} as const satisfies Record<FlowStep, string>;

const SIDE_HINT = {
  front: 'capture.hints.front',
  back: 'capture.hints.back',
  selfie: 'capture.hints.selfie',
  poa: 'capture.hints.poa',
} as const satisfies Record<DocumentSide, string>;

/** Country names in the page language (the platform's own data; the code when it has none). */
function countryNamer(language: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/** The translated reason of each closed-list code (contracts COUNTRY_CLOSED_REASONS). */
const CLOSED_REASON_TEXT = {
  SANCTIONS: 'countries.reasons.SANCTIONS',
  FATF_CALL_FOR_ACTION: 'countries.reasons.FATF_CALL_FOR_ACTION',
  NOT_SERVED_BUSINESS: 'countries.reasons.NOT_SERVED_BUSINESS',
  NO_ISSUING_AUTHORITY: 'countries.reasons.NO_ISSUING_AUTHORITY',
} as const satisfies Record<CountryClosedReason, string>;

type Loadable<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; value: T };

export interface KycFlowProps {
  level: KycStepLevel;
  /** Re-verification (spec §4 displayUpdatePOI): the level-1 capture submitted with reason UPDATE_KYC. */
  reverification?: boolean;
  info: KycInfo;
  /** The success panel's Continue: the after-step navigation (spec §2). */
  onFinished: () => void;
}

/**
 * The document verification flow with the in-house provider (docs/kyc.md "Submitting a level"): a step
 * indicator, one step at a time, a review, and the submission with an Idempotency-Key kept for every
 * retry of one attempt (a new key only once the user changes what is submitted).
 */
export function KycFlow({ level, reverification = false, info, onFinished }: KycFlowProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const user = useAppSelector(selectUser);
  // The answers survive a reload of the tab (capture-draft.ts); the uploads are asked again.
  const storageKey = draftKey(user.id, level, reverification);
  const [state, dispatch] = useReducer(kycFlowReducer, undefined, () =>
    initKycFlow({ level, reverification, info, draft: loadDraft(storageKey) }),
  );
  const { stepIndex, country, documentType, document, uploads, details, consent, address, submitted } = state;
  const steps = stepsOf(state);
  const step = currentStep(state);
  const nameOf = useMemo(() => countryNamer(language), [language]);
  // Every country with its state (is_disable=1): offered ones to choose, closed ones to explain.
  const countryList = useLoad<CountryEntry[]>(
    (signal) => (level === 1 ? getCountryList({ signal }) : Promise.resolve([])),
    [level],
  );
  const chosenClosed =
    countryList.state.status === 'ready' &&
    countryList.state.value.some((entry) => entry.code === country && entry.state === 'closed');
  const moved = useRef(false);

  // Every answer and the step are kept for a reload until the submission succeeds.
  useEffect(() => {
    if (submitted) return;
    saveDraft(storageKey, {
      stepIndex,
      country,
      documentType,
      ...(level === 1 && !reverification ? { details } : {}),
      ...(level === 2 ? { address } : {}),
      ...(level === 1 ? { consent, document } : {}),
    });
  }, [
    storageKey,
    submitted,
    stepIndex,
    country,
    documentType,
    document,
    details,
    address,
    consent,
    level,
    reverification,
  ]);

  // Focus the step's heading when the step changes, so keyboard and screen-reader users start there.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
    moved.current = true;
  }, [step, submitted]);

  const sides = steps.filter(isCaptureStep);
  /** Level 2 is submitted under the verified identity's country and document type (docs/kyc.md). */
  const submitCountry = level === 2 ? info.applicant?.country || country : country;
  const identity =
    info.applicant?.identifies.find((d) => d.country === submitCountry) ?? info.applicant?.identifies[0];
  const level2Types = useLoad<readonly DocumentType[]>(
    (signal) =>
      level === 2 && submitCountry
        ? getSupportedDocumentTypes(submitCountry, { signal }).then((r) => r.documentTypes)
        : Promise.resolve([]),
    [level, submitCountry],
  ).state;
  const submitType: DocumentType | null =
    level === 2 ? level2DocumentType(identity?.type, level2Types) : documentType;

  async function submit() {
    if (!submitType || !submitCountry) return;
    const key = state.idempotencyKey ?? newIdempotencyKey();
    dispatch({ type: 'submitStarted', idempotencyKey: key });
    try {
      const result = await submitKyc(
        {
          level,
          country: submitCountry,
          documentType: submitType,
          documentIds: sides.map((side) => uploads[side]?.result.documentId ?? ''),
          ...(reverification ? { reason: UPDATE_KYC_REASON } : {}),
          ...(level === 1
            ? {
                consent: { ...consent, version: CAPTURE_CONSENT_VERSION, language },
                ...documentDetailsRequest(document),
              }
            : { residence: toResidence(address) }),
        },
        key,
      );
      clearDraft(storageKey);
      dispatch({ type: 'submitSucceeded', result });
    } catch (error) {
      const message = isApiError(error) ? errorMessage(i18n, error) : t('capture.submitFailed');
      dispatch({ type: 'submitFailed', message });
    }
  }

  if (submitted) {
    return (
      <Card className="kyc-flow kyc-flow--done">
        <h2 ref={headingRef} tabIndex={-1} className="card__title">
          {t('capture.done.title')}
        </h2>
        <p role="status">{t(reverification ? 'capture.done.reverification' : 'capture.done.message')}</p>
        <Button variant="primary" className="kyc-flow__primary" onClick={onFinished}>
          {t('capture.done.continue')}
        </Button>
      </Card>
    );
  }

  const current = steps.indexOf(step);
  const back = current > 0 ? () => dispatch({ type: 'back' }) : null;
  const next = () => {
    if (step === 'details') void saveDetails();
    // The document's nationality and number are checked here (D125; the server checks again).
    else if (step === 'documentType')
      dispatch({ type: 'documentContinued', errors: checkDocumentDetails(document) });
    // The address is checked here (the server checks again at the submission).
    else if (step === 'address')
      dispatch({ type: 'addressContinued', errors: checkResidenceAddress(address) });
    else dispatch({ type: 'next' });
  };

  /** The details step's Continue: checked here first, then stored, then the next step. */
  async function saveDetails() {
    const errors = checkPersonalDetails(details);
    dispatch({ type: 'detailsContinued', errors });
    if (Object.keys(errors).length > 0) return;
    try {
      await postPersonalInfo({
        firstName: details.firstName.trim(),
        lastName: details.lastName.trim(),
        dateOfBirth: details.dateOfBirth,
      });
      dispatch({ type: 'detailsSaved' });
    } catch (error) {
      const message = isApiError(error) ? errorMessage(i18n, error) : t('capture.submitFailed');
      dispatch({ type: 'detailsSaveFailed', message });
    }
  }

  return (
    <Card className="kyc-flow">
      <StepIndicator steps={steps.map((s) => t(STEP_LABEL[s]))} current={current} />
      <h2 ref={headingRef} tabIndex={-1} className="card__title">
        {t(STEP_LABEL[step])}
      </h2>
      {step === 'country' ? (
        <CountryStep
          country={country}
          nameOf={nameOf}
          list={countryList.state}
          onRetry={countryList.retry}
          onChange={(code) => dispatch({ type: 'countryChosen', country: code })}
        />
      ) : null}
      {step === 'details' ? (
        <PersonalDetailsStep
          value={details}
          errors={state.detailsErrors}
          onChange={(next) => dispatch({ type: 'detailsEdited', details: next })}
        />
      ) : null}
      {step === 'details' && state.detailsError ? (
        <div className="kyc-flow__error" role="alert">
          <p>{state.detailsError}</p>
        </div>
      ) : null}
      {step === 'address' ? (
        <AddressStep
          value={address}
          errors={state.addressErrors}
          nameOf={nameOf}
          onChange={(next) => dispatch({ type: 'addressEdited', address: next })}
        />
      ) : null}
      {step === 'consent' ? (
        <CaptureConsentStep
          value={consent}
          onChange={(next) => dispatch({ type: 'consentChanged', consent: next })}
        />
      ) : null}
      {step === 'documentType' ? (
        <DocumentTypeStep
          country={country}
          value={documentType}
          onChange={(type) => dispatch({ type: 'documentTypeChosen', documentType: type })}
          document={document}
          documentErrors={state.documentErrors}
          nameOf={nameOf}
          onDocumentChange={(next) => dispatch({ type: 'documentEdited', document: next })}
        />
      ) : null}
      {isCaptureStep(step) ? (
        <DocumentCapture
          key={`${step}-${documentType ?? ''}-${country}`}
          side={step}
          label={t(STEP_LABEL[step])}
          labelHidden
          hint={t(SIDE_HINT[step])}
          facing={step === 'selfie' ? 'user' : 'environment'}
          guide={step === 'front' && documentType === 'PASSPORT' ? 'passport' : undefined}
          initial={uploads[step] ?? null}
          onUploaded={(result, file) => dispatch({ type: 'uploaded', side: step, upload: { result, file } })}
          onCleared={() => dispatch({ type: 'uploadCleared', side: step })}
        />
      ) : null}
      {step === 'review' ? (
        <ReviewStep
          level={level}
          countryName={submitCountry ? nameOf(submitCountry) : ''}
          documentType={level === 1 ? documentType : null}
          document={level === 1 ? document : null}
          details={steps.includes('details') ? details : null}
          sides={sides}
          uploads={uploads}
          consentGiven={steps.includes('consent') ? consent.privacy && consent.declaration : null}
          address={level === 2 ? address : null}
          nameOf={nameOf}
        />
      ) : null}
      {step === 'review' && state.submitError ? (
        <div className="kyc-flow__error" role="alert">
          <p>{state.submitError}</p>
        </div>
      ) : null}
      <div className="kyc-flow__nav">
        {back ? (
          <Button onClick={back} disabled={state.submitting}>
            {t('capture.back')}
          </Button>
        ) : null}
        {step === 'review' ? (
          <Button
            variant="primary"
            loading={state.submitting}
            disabled={
              !submitType ||
              !submitCountry ||
              sides.some((side) => !uploads[side]) ||
              (steps.includes('consent') && !(consent.privacy && consent.declaration))
            }
            onClick={() => void submit()}
          >
            {t(state.submitError ? 'capture.submitAgain' : 'capture.submit')}
          </Button>
        ) : (
          <Button
            variant="primary"
            onClick={next}
            loading={state.savingDetails}
            disabled={
              (step === 'country' && (!country || chosenClosed)) ||
              (step === 'documentType' && !documentType) ||
              (step === 'consent' && !(consent.privacy && consent.declaration)) ||
              (isCaptureStep(step) && !uploads[step])
            }
          >
            {t('capture.next')}
          </Button>
        )}
      </div>
    </Card>
  );
}

/** The level-2 address step with the countries to choose from (the open and closed ones: any residence). */
function AddressStep({
  value,
  errors,
  nameOf,
  onChange,
}: {
  value: ResidenceAddressDraft;
  errors: ResidenceAddressErrors;
  nameOf: (code: string) => string;
  onChange: (next: ResidenceAddressDraft) => void;
}) {
  const { t } = useTranslation();
  const { state, retry } = useLoad<CountryEntry[]>((signal) => getCountryList({ signal }), []);
  if (state.status === 'loading') return <Spinner label={t('capture.loading')} />;
  if (state.status === 'error') return <LoadProblem onRetry={retry} />;
  const countries = state.value
    .map((entry) => ({ value: entry.code, label: nameOf(entry.code) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return <ResidenceAddressStep value={value} errors={errors} countries={countries} onChange={onChange} />;
}

/**
 * Level 2 is filed under the verified identity: its document type when the country issues it (a vendor
 * identity, e.g. BVN, is none), else the first type the country issues; null while unknown.
 */
function level2DocumentType(
  identityType: string | undefined,
  types: Loadable<readonly DocumentType[]>,
): DocumentType | null {
  if (types.status !== 'ready') return null;
  return types.value.find((type) => type === identityType) ?? types.value[0] ?? null;
}

function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]) {
  const [state, setState] = useState<Loadable<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setState({ status: 'ready', value });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the loader is keyed by deps
  }, [...deps, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}

function LoadProblem({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="kyc-flow__error" role="alert">
      <p>{t('capture.loadFailed')}</p>
      <Button onClick={onRetry}>{t('capture.retry')}</Button>
    </div>
  );
}

/**
 * The issuing country: the offered countries by name, then the closed ones in a group of their own,
 * so that a person whose country is closed finds it and is told why (its reason, translated) instead
 * of looking for it in vain (docs/countries.md).
 */
function CountryStep({
  country,
  nameOf,
  list,
  onRetry,
  onChange,
}: {
  country: string;
  nameOf: (code: string) => string;
  list: Loadable<CountryEntry[]>;
  onRetry: () => void;
  onChange: (code: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  if (list.status === 'loading') return <Spinner label={t('capture.loading')} />;
  if (list.status === 'error') return <LoadProblem onRetry={onRetry} />;
  const language = i18n.resolvedLanguage ?? i18n.language;
  const byName = (entries: CountryEntry[]) =>
    entries
      .map((entry) => ({ value: entry.code, label: nameOf(entry.code) }))
      .sort((a, b) => a.label.localeCompare(b.label, language));
  const open = byName(list.value.filter((entry) => entry.state === 'offered'));
  const closed = byName(list.value.filter((entry) => entry.state === 'closed'));
  const chosen = list.value.find((entry) => entry.code === country);
  const reason = chosen?.state === 'closed' ? chosen.closedReason : null;
  return (
    <>
      <SelectField
        id={`${id}-country`}
        label={t('capture.country.label')}
        hint={t('countries.hint')}
        value={chosen ? country : ''}
        onChange={(event) => onChange(event.target.value)}
        options={[{ value: '', label: t('capture.country.placeholder') }, ...open]}
        groups={closed.length > 0 ? [{ label: t('countries.closedGroup'), options: closed }] : []}
        aria-describedby={reason !== null ? `${id}-closed` : undefined}
      />
      {reason !== null ? (
        <div id={`${id}-closed`} className="kyc-flow__error" role="alert">
          <p>
            <strong>{t('countries.closedNotice', { country: nameOf(country) })}</strong>
          </p>
          {reason ? <p>{t(CLOSED_REASON_TEXT[reason])}</p> : null}
        </div>
      ) : null}
    </>
  );
}

/** The document type, then the nationality and the document's number (D125). */
function DocumentTypeStep({
  country,
  value,
  onChange,
  document,
  documentErrors,
  nameOf,
  onDocumentChange,
}: {
  country: string;
  value: DocumentType | null;
  onChange: (type: DocumentType) => void;
  document: DocumentDetails;
  documentErrors: DocumentDetailsErrors;
  nameOf: (code: string) => string;
  onDocumentChange: (next: DocumentDetails) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { state, retry } = useLoad(
    (signal) => getSupportedDocumentTypes(country, { signal }).then((r) => r.documentTypes),
    [country],
  );
  if (state.status === 'loading') return <Spinner label={t('capture.loading')} />;
  if (state.status === 'error') return <LoadProblem onRetry={retry} />;
  if (state.value.length === 0) return <p>{t('capture.documentType.none')}</p>;
  return (
    <>
      <fieldset className="kyc-flow__choices" aria-describedby={`${id}-hint`}>
        <legend className="field__label">{t('capture.documentType.label')}</legend>
        <p id={`${id}-hint`} className="field__hint">
          {t('capture.documentType.hint')}
        </p>
        {state.value.map((type) => (
          <label key={type} className="kyc-flow__choice">
            <input
              type="radio"
              name={`${id}-type`}
              value={type}
              checked={value === type}
              onChange={() => onChange(type)}
            />
            <span>{t(DOCUMENT_TYPE_LABEL[type])}</span>
          </label>
        ))}
      </fieldset>
      <DocumentDetailsFields
        value={document}
        errors={documentErrors}
        nameOf={nameOf}
        onChange={onDocumentChange}
      />
    </>
  );
}

function ReviewStep({
  level,
  countryName,
  documentType,
  document,
  details,
  sides,
  uploads,
  consentGiven,
  address,
  nameOf,
}: {
  level: KycStepLevel;
  countryName: string;
  documentType: DocumentType | null;
  /** Level 1: the nationality and document number (D125). */
  document: DocumentDetails | null;
  details: PersonalDetails | null;
  sides: DocumentSide[];
  uploads: Partial<Record<DocumentSide, Uploaded>>;
  /** null when the flow asks no consent (level 2). */
  consentGiven: boolean | null;
  address: ResidenceAddressDraft | null;
  nameOf: (code: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p>{t('capture.review.intro')}</p>
      <dl className="kyc-flow__summary">
        {level === 1 ? (
          <>
            <div>
              <dt>{t('capture.review.country')}</dt>
              <dd>{countryName}</dd>
            </div>
            {details ? (
              <>
                <div>
                  <dt>{t('capture.details.name')}</dt>
                  <dd>
                    <bdi>{`${details.firstName.trim()} ${details.lastName.trim()}`}</bdi>
                  </dd>
                </div>
                <div>
                  <dt>{t('capture.details.dateOfBirth')}</dt>
                  <dd>
                    <bdi>{details.dateOfBirth}</bdi>
                  </dd>
                </div>
              </>
            ) : null}
            <div>
              <dt>{t('capture.review.documentType')}</dt>
              <dd>{documentType ? t(DOCUMENT_TYPE_LABEL[documentType]) : ''}</dd>
            </div>
            {document ? (
              <>
                <div>
                  <dt>{t('capture.document.nationality')}</dt>
                  <dd>{document.nationality ? nameOf(document.nationality) : ''}</dd>
                </div>
                <div>
                  <dt>{t('capture.document.number')}</dt>
                  <dd>
                    <bdi dir="ltr">{documentDetailsRequest(document).documentNumber}</bdi>
                  </dd>
                </div>
              </>
            ) : null}
          </>
        ) : null}
        {address ? (
          <div>
            <dt>{t('captureSignOff.review.address')}</dt>
            <dd>
              <bdi>
                {[address.line1, address.line2, address.postalCode, address.city]
                  .map((part) => part.trim())
                  .filter(Boolean)
                  .join(', ')}
              </bdi>
              <br />
              {address.country ? nameOf(address.country) : ''}
            </dd>
          </div>
        ) : null}
        {sides.map((side) => (
          <div key={side}>
            <dt>{t(STEP_LABEL[side])}</dt>
            <dd>{uploads[side] ? t('capture.review.uploaded') : t('capture.review.missing')}</dd>
          </div>
        ))}
        {consentGiven !== null ? (
          <div>
            <dt>{t('captureSignOff.review.consent')}</dt>
            <dd>{t(consentGiven ? 'captureSignOff.review.given' : 'captureSignOff.review.notGiven')}</dd>
          </div>
        ) : null}
      </dl>
    </>
  );
}
