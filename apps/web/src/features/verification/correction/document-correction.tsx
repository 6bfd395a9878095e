import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_NUMBER_MAX,
  formattingLocale,
  type CorrectionField,
  type DocumentCorrectionAsk,
  type SubmitDocumentCorrectionRequest,
} from '@kyc/contracts';
import { isApiError, newIdempotencyKey, serverDecided } from '../../../lib/http';
import { errorText } from '../../../lib/i18n/error-text';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { TextField } from '../../../ui/text-field';
import {
  CORRECTION_INVALID_CODE,
  CORRECTION_NOT_ASKED_CODE,
  postDocumentCorrection,
} from '../api/document-correction';
import { todayIso } from '../components/date-input';
import { DocumentNumberField } from '../components/document-details-fields';
import { nationalityOptions } from '../components/document-details';
import { SelectField } from '../components/select-field';
import {
  fieldErrors,
  fieldsRequest,
  initialChoices,
  zoneError,
  type FieldChoice,
  type FieldChoices,
  type FieldErrors,
  type ZoneError,
} from './correction-form';
import { useDocumentCorrection } from './use-document-correction';
import './document-correction.css';

/**
 * The correction step of the document checks (issue 19; docs/checks.md "The correction step"), on the
 * personal page while level 1 is under review: when a typed detail disagrees with the document's
 * machine-readable zone, the person sees both values and corrects theirs or keeps it with a reason;
 * when no zone could be read, they may type its lines (the server's check digits decide) or say they
 * cannot. Nothing shows when nothing is asked.
 */
export function DocumentCorrection() {
  const { load, show } = useDocumentCorrection();
  const [done, setDone] = useState(false);
  if (done && load.status !== 'asked') return <DoneNotice />;
  if (load.status !== 'asked') return null;
  const answered = (next: DocumentCorrectionAsk | null) => {
    setDone(next === null);
    if (next) show(next);
    else show(null);
  };
  return load.ask.kind === 'mrz' ? (
    <ZoneForm
      key={`${load.ask.submissionId}:${load.ask.revision}`}
      ask={load.ask}
      onAnswered={answered}
      onStale={() => show(null)}
    />
  ) : (
    <FieldsForm
      key={`${load.ask.submissionId}:${load.ask.revision}`}
      ask={load.ask}
      onAnswered={answered}
      onStale={() => show(null)}
    />
  );
}

function DoneNotice() {
  const { t } = useTranslation();
  return (
    <p className="notice notice--info correction-done" role="status" data-testid="correction-done">
      {t('correction.done')}
    </p>
  );
}

interface FormProps {
  ask: DocumentCorrectionAsk;
  onAnswered: (next: DocumentCorrectionAsk | null) => void;
  onStale: () => void;
}

/** One answer at a time, its Idempotency-Key kept until the server decided (use-update-submission's rule). */
function useAnswer({ onAnswered, onStale }: Omit<FormProps, 'ask'>) {
  const { i18n } = useTranslation();
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  const send = (body: SubmitDocumentCorrectionRequest) => {
    if (sending) return;
    setSending(true);
    setRefusal(null);
    key.current ??= newIdempotencyKey();
    postDocumentCorrection(body, key.current).then(
      (result) => onAnswered(result.next),
      (error: unknown) => {
        setSending(false);
        if (serverDecided(error)) key.current = null;
        if (!isApiError(error)) return;
        if (error.ret_code === CORRECTION_NOT_ASKED_CODE) onStale();
        else if (error.ret_code === CORRECTION_INVALID_CODE)
          setRefusal(errorText(i18n, CORRECTION_INVALID_CODE) ?? null);
      },
    );
  };
  return { sending, refusal, send };
}

function Refusal({ text }: { text: string | null }) {
  return text ? (
    <p className="notice notice--danger" role="alert">
      {text}
    </p>
  ) : null;
}

function FieldsForm({ ask, onAnswered, onStale }: FormProps) {
  const { t } = useTranslation();
  const [choices, setChoices] = useState<FieldChoices>(() => initialChoices(ask));
  const [errors, setErrors] = useState<FieldErrors>({});
  const { sending, refusal, send } = useAnswer({ onAnswered, onStale });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors(ask, choices);
    setErrors(found);
    if (Object.keys(found).length === 0) send(fieldsRequest(ask, choices));
  };
  return (
    <Card title={t('correction.title')} className="correction" headingLevel={2}>
      <form className="correction__form" onSubmit={submit} noValidate data-testid="correction-fields">
        <p>{t('correction.intro')}</p>
        {ask.fields.map((field) => (
          <FieldQuestion
            key={field.field}
            field={field}
            choice={choices[field.field] as FieldChoice}
            error={errors[field.field]}
            onChange={(next) => setChoices({ ...choices, [field.field]: next })}
          />
        ))}
        <Refusal text={refusal} />
        <Button type="submit" variant="primary" className="correction__submit" loading={sending}>
          {t('correction.submit')}
        </Button>
      </form>
    </Card>
  );
}

type AskedField = DocumentCorrectionAsk['fields'][number];

/** A country's name in the page language (the code when the platform has none). */
function countryNameIn(language: string) {
  return (code: string) => {
    try {
      return new Intl.DisplayNames([language, 'en'], { type: 'region' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
}

/** A value as the person reads it: a date in the page language, a country or document type by name. */
function useShown() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (field: AskedField['field'], value: string) => {
    if (field === 'dateOfBirth' && /^\d{4}-\d{2}-\d{2}$/.test(value))
      return new Intl.DateTimeFormat(formattingLocale(language), {
        dateStyle: 'long',
        timeZone: 'UTC',
      }).format(new Date(`${value}T00:00:00Z`));
    if (field === 'documentType' && i18n.exists(`updateId.documentType.${value}`))
      return t(`updateId.documentType.${value}` as 'updateId.documentType.PASSPORT');
    if ((field === 'issuingCountry' || field === 'nationality') && /^[A-Z]{2}$/.test(value))
      return countryNameIn(language)(value);
    return value;
  };
}

function FieldQuestion({
  field,
  choice,
  error,
  onChange,
}: {
  field: AskedField;
  choice: FieldChoice;
  error: FieldErrors[string];
  onChange: (next: FieldChoice) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const shown = useShown();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const label = t(FIELD_LABEL_KEY[field.field]);
  const errorText = error ? t(FIELD_ERROR_KEY[error], { max: DOCUMENT_NUMBER_MAX }) : undefined;
  return (
    <fieldset className="correction__field" data-field={field.field}>
      <legend className="correction__legend">{label}</legend>
      <dl className="correction__compare">
        <div className="correction__value">
          <dt>{t('correction.typed')}</dt>
          <dd>
            <bdi>{shown(field.field, field.typed)}</bdi>
          </dd>
        </div>
        <div className="correction__value correction__value--document">
          <dt>{t('correction.document')}</dt>
          <dd>
            <bdi>{shown(field.field, field.document)}</bdi>
          </dd>
        </div>
      </dl>
      {field.correctable ? (
        <div className="correction__choices" role="radiogroup" aria-label={label}>
          {(['correct', 'keep'] as const).map((action) => (
            <label key={action} className="correction__choice">
              <input
                type="radio"
                name={`${id}-action`}
                checked={choice.action === action}
                onChange={() => onChange({ ...choice, action })}
              />
              <span>{t(action === 'correct' ? 'correction.useDocument' : 'correction.keep')}</span>
            </label>
          ))}
        </div>
      ) : (
        <p className="correction__hint">{t('correction.keepOnly')}</p>
      )}
      {choice.action === 'correct' && field.field === 'nationality' ? (
        <SelectField
          id={`${id}-value`}
          label={t('correction.value', { field: label })}
          value={choice.value}
          error={errorText}
          onChange={(event) => onChange({ ...choice, value: event.target.value })}
          options={[
            { value: '', label: t('capture.document.nationalityPlaceholder') },
            ...nationalityOptions(countryNameIn(language), language),
          ]}
        />
      ) : choice.action === 'correct' && field.field === 'documentNumber' ? (
        <DocumentNumberField
          id={`${id}-value`}
          label={t('correction.value', { field: label })}
          value={choice.value}
          error={errorText}
          onChange={(value) => onChange({ ...choice, value })}
        />
      ) : choice.action === 'correct' ? (
        <TextField
          id={`${id}-value`}
          label={t('correction.value', { field: label })}
          type={field.field === 'dateOfBirth' ? 'date' : 'text'}
          {...(field.field === 'dateOfBirth' ? { min: '1900-01-01', max: todayIso() } : { maxLength: 100 })}
          value={choice.value}
          error={errorText}
          onChange={(event) => onChange({ ...choice, value: event.target.value })}
        />
      ) : (
        <TextAreaField
          id={`${id}-reason`}
          label={t('correction.reason')}
          hint={t('correction.reasonHint')}
          value={choice.reason}
          error={errorText}
          onChange={(reason) => onChange({ ...choice, reason })}
        />
      )}
    </fieldset>
  );
}

function TextAreaField(props: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  error: string | undefined;
  rows?: number;
  className?: string;
  dir?: 'ltr';
  onChange: (value: string) => void;
}) {
  const { id, label, hint, value, error, rows = 3, className, dir, onChange } = props;
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className={error ? 'field__control field__control--invalid' : 'field__control'}>
        <textarea
          id={id}
          className={
            className ? `field__input correction__textarea ${className}` : 'field__input correction__textarea'
          }
          rows={rows}
          dir={dir}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => onChange(event.target.value)}
          {...(className ? { spellCheck: false, autoCapitalize: 'characters', autoComplete: 'off' } : {})}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Each key written out, so that the translators' file holds no key the app never names (en-keys.test). */
const FIELD_LABEL_KEY = {
  firstName: 'correction.field.firstName',
  lastName: 'correction.field.lastName',
  dateOfBirth: 'correction.field.dateOfBirth',
  nationality: 'correction.field.nationality',
  issuingCountry: 'correction.field.issuingCountry',
  documentNumber: 'correction.field.documentNumber',
  documentType: 'correction.field.documentType',
} as const satisfies Record<CorrectionField, string>;

const FIELD_ERROR_KEY = {
  required: 'correction.errors.required',
  tooLong: 'correction.errors.tooLong',
  format: 'capture.document.errors.numberFormat',
} as const satisfies Record<Exclude<FieldErrors[string], undefined>, string>;

const ZONE_ERROR_KEY = {
  required: 'correction.errors.required',
  characters: 'correction.mrz.characters',
  lineCount: 'correction.mrz.lineCount',
} as const satisfies Record<Exclude<ZoneError, undefined>, string>;

function ZoneForm({ ask, onAnswered, onStale }: FormProps) {
  const { t } = useTranslation();
  const id = useId();
  const shape = ask.mrz ?? { lines: 2, length: 44 };
  const [text, setText] = useState('');
  const [error, setError] = useState<ZoneError>(undefined);
  const { sending, refusal, send } = useAnswer({ onAnswered, onStale });
  const base = { submissionId: ask.submissionId, revision: ask.revision };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = zoneError(text, shape.lines, shape.length);
    setError(found);
    if (!found) send({ kind: 'mrz', ...base, lines: text });
  };
  return (
    <Card title={t('correction.mrz.title')} className="correction" headingLevel={2}>
      <form className="correction__form" onSubmit={submit} noValidate data-testid="correction-mrz">
        <p>{t('correction.mrz.intro', { lines: shape.lines, length: shape.length })}</p>
        <TextAreaField
          id={`${id}-zone`}
          label={t('correction.mrz.label')}
          hint={t('correction.mrz.hint', { lines: shape.lines, length: shape.length })}
          value={text}
          rows={shape.lines}
          className="correction__zone"
          dir="ltr"
          error={error ? t(ZONE_ERROR_KEY[error], { lines: shape.lines }) : undefined}
          onChange={setText}
        />
        <Refusal text={refusal} />
        <div className="correction__actions">
          <Button type="submit" variant="primary" loading={sending}>
            {t('correction.mrz.submit')}
          </Button>
          <Button
            variant="secondary"
            disabled={sending}
            onClick={() => send({ kind: 'mrz_declined', ...base })}
          >
            {t('correction.mrz.decline')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
