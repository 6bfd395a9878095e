import { useId, useMemo, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionnaireAnswerValue, QuestionnaireQuestion } from '@kyc/contracts';
import { QUESTIONNAIRES_NAMESPACE } from '../../lib/i18n/namespaces';
import './questionnaire.css';

/** What an evidence question hands the upload widget its screen supplies (QuestionFieldProps.evidenceField). */
export interface EvidenceFieldProps {
  id: string;
  label: string;
  optional: string | null;
  help: string | null;
  error: string | null;
  /** Document ids of the uploads already attached to the answer. */
  value: readonly string[];
  maxFiles: number;
  disabled?: boolean;
  onChange: (documentIds: string[]) => void;
}

export interface QuestionFieldProps {
  question: QuestionnaireQuestion;
  value: QuestionnaireAnswerValue | null | undefined;
  onChange: (value: QuestionnaireAnswerValue | null) => void;
  /** A translated error message, or null. */
  error: string | null;
  /** ISO codes a country answer may take (country questions). */
  countries: readonly string[];
  disabled?: boolean;
  /**
   * The widget of evidence_upload questions. It uploads as it goes, so the questionnaire feature passes
   * it in: the design system renders questions and calls no endpoint.
   */
  evidenceField: ComponentType<EvidenceFieldProps>;
}

/** The names of countries in the page's language (Intl.DisplayNames), sorted for that language. */
function useCountryOptions(codes: readonly string[]): { value: string; label: string }[] {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
    } catch {
      names = null;
    }
    return codes
      .map((code) => ({ value: code, label: names?.of(code) ?? code }))
      .sort((a, b) => a.label.localeCompare(b.label, language));
  }, [codes, language]);
}

/** Wraps a group of inputs (choices, yes/no) in a fieldset whose legend is the question. */
function Group({
  legend,
  help,
  optional,
  error,
  errorId,
  helpId,
  children,
}: {
  legend: string;
  help: string | null;
  optional: string | null;
  error: string | null;
  errorId: string;
  helpId: string;
  children: ReactNode;
}) {
  return (
    <fieldset
      className="qn-field qn-field--group"
      aria-describedby={[error ? errorId : '', help ? helpId : ''].filter(Boolean).join(' ') || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="qn-field__label">
        {legend}
        {optional ? <span className="qn-field__optional"> ({optional})</span> : null}
      </legend>
      {help ? (
        <p id={helpId} className="qn-field__help">
          {help}
        </p>
      ) : null}
      <div className="qn-field__choices">{children}</div>
      {error ? (
        <p id={errorId} className="qn-field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One question of a template as a form control, by type (docs/questionnaires.md question types). */
export function QuestionField({
  question: q,
  value,
  onChange,
  error,
  countries,
  disabled,
  evidenceField: EvidenceField,
}: QuestionFieldProps) {
  const { t } = useTranslation();
  const { t: tq } = useTranslation(QUESTIONNAIRES_NAMESPACE);
  const id = `qn-${q.id}-${useId().replace(/:/g, '')}`;
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const label = tq(q.label);
  const help = q.help ? tq(q.help) : null;
  const optional = q.required ? null : t('questionnaire.optional');
  const countryOptions = useCountryOptions(q.type === 'country' ? countries : []);
  const describedBy = [error ? errorId : '', help ? helpId : ''].filter(Boolean).join(' ') || undefined;
  const group = (children: ReactNode) => (
    <Group legend={label} help={help} optional={optional} error={error} errorId={errorId} helpId={helpId}>
      {children}
    </Group>
  );
  const single = (
    <>
      {label}
      {optional ? <span className="qn-field__optional"> ({optional})</span> : null}
    </>
  );
  const below = (
    <>
      {help ? (
        <p id={helpId} className="qn-field__help">
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="qn-field__error">
          {error}
        </p>
      ) : null}
    </>
  );

  switch (q.type) {
    case 'single_choice':
      return group(
        q.options.map((option) => (
          <label key={option.value} className="qn-choice">
            <input
              type="radio"
              name={id}
              value={option.value}
              checked={value === option.value}
              disabled={disabled}
              onChange={() => onChange(option.value)}
            />
            <span>{tq(option.label)}</span>
          </label>
        )),
      );
    case 'multiple_choice': {
      const chosen = Array.isArray(value) ? value : [];
      return group(
        q.options.map((option) => (
          <label key={option.value} className="qn-choice">
            <input
              type="checkbox"
              value={option.value}
              checked={chosen.includes(option.value)}
              disabled={disabled}
              onChange={(event) => {
                if (!event.target.checked) {
                  const rest = chosen.filter((v) => v !== option.value);
                  onChange(rest.length ? rest : null);
                  return;
                }
                // An exclusive option ("none of the above") replaces the others, and is replaced by them.
                const exclusive = new Set(q.options.filter((o) => o.exclusive).map((o) => o.value));
                onChange(
                  option.exclusive
                    ? [option.value]
                    : [...chosen.filter((v) => !exclusive.has(v)), option.value],
                );
              }}
            />
            <span>{tq(option.label)}</span>
          </label>
        )),
      );
    }
    case 'yes_no':
      return group(
        ([true, false] as const).map((answer) => (
          <label key={String(answer)} className="qn-choice">
            <input
              type="radio"
              name={id}
              value={answer ? 'yes' : 'no'}
              checked={value === answer}
              disabled={disabled}
              onChange={() => onChange(answer)}
            />
            <span>{t(answer ? 'questionnaire.yes' : 'questionnaire.no')}</span>
          </label>
        )),
      );
    case 'declaration':
      return (
        <div className="qn-field">
          <label className="qn-choice qn-choice--declaration">
            <input
              type="checkbox"
              checked={value === true}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => onChange(event.target.checked)}
            />
            <span>{single}</span>
          </label>
          {below}
        </div>
      );
    case 'country':
      return (
        <div className="qn-field">
          <label className="qn-field__label" htmlFor={id}>
            {single}
          </label>
          <select
            id={id}
            className="qn-field__input"
            value={typeof value === 'string' ? value : ''}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value || null)}
          >
            <option value="">{t('questionnaire.selectCountry')}</option>
            {countryOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {below}
        </div>
      );
    case 'evidence_upload':
      return (
        <EvidenceField
          id={id}
          label={label}
          optional={optional}
          help={help}
          error={error}
          value={Array.isArray(value) ? value : []}
          maxFiles={q.maxFiles ?? 10}
          disabled={disabled}
          onChange={(ids) => onChange(ids.length ? ids : null)}
        />
      );
    case 'text': {
      const common = {
        id,
        className: 'qn-field__input',
        value: typeof value === 'string' ? value : '',
        disabled,
        maxLength: q.maxLength ?? 2000,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      };
      return (
        <div className="qn-field">
          <label className="qn-field__label" htmlFor={id}>
            {single}
          </label>
          {q.multiline ? (
            <textarea {...common} rows={4} onChange={(event) => onChange(event.target.value)} />
          ) : (
            <input
              {...common}
              type="text"
              dir={q.pattern === 'wallet_address' || q.pattern === 'phone' ? 'ltr' : undefined}
              onChange={(event) => onChange(event.target.value)}
            />
          )}
          {below}
        </div>
      );
    }
    case 'number':
      return (
        <div className="qn-field">
          <label className="qn-field__label" htmlFor={id}>
            {single}
            {q.unit ? <span className="qn-field__unit"> ({tq(q.unit)})</span> : null}
          </label>
          <input
            id={id}
            className="qn-field__input"
            type="text"
            inputMode={q.integer ? 'numeric' : 'decimal'}
            dir="ltr"
            value={typeof value === 'number' ? String(value) : typeof value === 'string' ? value : ''}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(numberAnswer(event.target.value))}
          />
          {below}
        </div>
      );
    case 'date':
      return (
        <div className="qn-field">
          <label className="qn-field__label" htmlFor={id}>
            {single}
          </label>
          <input
            id={id}
            className="qn-field__input"
            type="date"
            dir="ltr"
            value={typeof value === 'string' ? value : ''}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value || null)}
          />
          {below}
        </div>
      );
  }
}

/**
 * What a number field holds: a number once the text is one (spaces and thousands commas ignored), the
 * text as typed while it is not (kept locally, never sent in a draft, refused on submit as wrong_type).
 */
export function numberAnswer(text: string): number | string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const plain = trimmed.replace(/[\s,]/g, '');
  if (/^-?\d+(\.\d+)?$/.test(plain)) return Number(plain);
  return text;
}
