import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EvidenceFieldProps } from '../../../ui/questionnaire/question-field';
import { uploadEvidence } from '../api/questionnaires';

/** What questionnaire-evidence accepts (docs/api.md): JPEG, PNG or PDF, at most 10 MB. */
export const EVIDENCE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const MAX_EVIDENCE_BYTES = 10 * 1024 * 1024;

interface Upload {
  name: string;
  /** 0–100. */
  percent: number;
}

/**
 * An evidence answer: files uploaded one by one to POST questionnaire-evidence (encrypted like
 * identity documents), each with its progress; the answer is the list of document ids.
 */
export function EvidenceField({
  id,
  label,
  optional,
  help,
  error,
  value,
  maxFiles,
  disabled,
  onChange,
}: EvidenceFieldProps) {
  const { t } = useTranslation();
  const [upload, setUpload] = useState<Upload | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  const input = useRef<HTMLInputElement>(null);
  const current = useRef(value);
  current.current = value;
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const hintId = `${id}-hint`;
  const shown = problem ?? error;

  async function send(file: File) {
    setProblem(null);
    if (!(EVIDENCE_TYPES as readonly string[]).includes(file.type)) {
      setProblem(t('questionnaire.evidence.wrongType', { name: file.name }));
      return;
    }
    if (file.size > MAX_EVIDENCE_BYTES) {
      setProblem(t('questionnaire.evidence.tooLarge', { name: file.name }));
      return;
    }
    setUpload({ name: file.name, percent: 0 });
    try {
      const result = await uploadEvidence(file, {
        onProgress: ({ loaded, total }) =>
          setUpload({ name: file.name, percent: total ? Math.round((loaded / total) * 100) : 0 }),
      });
      setNames((known) => ({ ...known, [result.documentId]: file.name }));
      onChange([...current.current, result.documentId]);
    } catch {
      // The HTTP client reported the reason (spec §8); the field says which file did not go through.
      setProblem(t('questionnaire.evidence.failed', { name: file.name }));
    } finally {
      setUpload(null);
      if (input.current) input.current.value = '';
    }
  }

  const full = value.length >= maxFiles;
  return (
    <fieldset
      className="qn-field qn-field--group"
      aria-describedby={[shown ? errorId : '', help ? helpId : ''].filter(Boolean).join(' ') || undefined}
    >
      <legend className="qn-field__label">
        {label}
        {optional ? <span className="qn-field__optional"> ({optional})</span> : null}
      </legend>
      {help ? (
        <p id={helpId} className="qn-field__help">
          {help}
        </p>
      ) : null}
      {value.length ? (
        <ul className="qn-files">
          {value.map((documentId, index) => {
            const name = names[documentId] ?? t('questionnaire.evidence.file', { n: index + 1 });
            return (
              <li key={documentId} className="qn-files__item">
                <span className="qn-files__name">{name}</span>
                <button
                  type="button"
                  className="qn-link-button"
                  disabled={disabled}
                  onClick={() => onChange(value.filter((v) => v !== documentId))}
                >
                  {t('questionnaire.evidence.remove', { name })}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {upload ? (
        <div className="qn-upload">
          <label htmlFor={`${id}-progress`}>
            {t('questionnaire.evidence.uploading', { name: upload.name })}
          </label>
          <progress id={`${id}-progress`} max={100} value={upload.percent} />
        </div>
      ) : null}
      {!full ? (
        <div className="qn-field">
          <label className="qn-file-button" htmlFor={id}>
            {t('questionnaire.evidence.choose')}
          </label>
          <input
            ref={input}
            id={id}
            className="qn-file-input"
            type="file"
            accept={EVIDENCE_TYPES.join(',')}
            disabled={disabled || upload !== null}
            aria-describedby={help ? helpId : hintId}
            aria-invalid={shown ? true : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void send(file);
            }}
          />
          {/* The formats, unless the question's own help already gives them. */}
          {help ? null : (
            <p id={hintId} className="qn-field__help">
              {t('questionnaire.evidence.hint')}
            </p>
          )}
        </div>
      ) : null}
      {shown ? (
        <p id={errorId} className="qn-field__error" role={problem ? 'alert' : undefined}>
          {shown}
        </p>
      ) : null}
    </fieldset>
  );
}
