import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RET_CODES } from '@kyc/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessageKey, type ErrorMessageKey } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { cx } from '../../../ui/class-names.ts';
import {
  fetchServiceLevels,
  putServiceLevels,
  WORK_KINDS,
  type ServiceLevel,
  type WorkKind,
} from '../api/service-levels.ts';
import { rebase, textsOf, validateLevels, type HoursTexts } from '../service-level-form.ts';
import '../../../ui/data-table.css';

/** The name of each kind of work (the same words as the dashboard's, kept with this feature). */
const KIND_KEYS = {
  level_1: 'serviceLevels.kinds.level_1',
  level_2: 'serviceLevels.kinds.level_2',
  reverification: 'serviceLevels.kinds.reverification',
  update: 'serviceLevels.kinds.update',
  questionnaire: 'serviceLevels.kinds.questionnaire',
  screening_alert: 'serviceLevels.kinds.screening_alert',
} as const satisfies Record<WorkKind, string>;

type Outcome =
  | { tone: 'saved' }
  | { tone: 'unchanged' }
  | { tone: 'stale' }
  | { tone: 'error'; key: ErrorMessageKey }
  | null;

/** The levels in the contracts' order of kinds (the server answers them in its own). */
const ordered = (levels: readonly ServiceLevel[]) =>
  [...levels].sort((a, b) => WORK_KINDS.indexOf(a.kind) - WORK_KINDS.indexOf(b.kind));

interface ServiceLevelsFormProps {
  initial: readonly ServiceLevel[];
  editable: boolean;
}

/**
 * Every kind of work with its hours and when they last changed. Read-only without
 * `edit_service_levels`; otherwise each is a field, checked here as whole hours 1–720 (nothing is sent
 * while one is wrong; the first wrong field takes the focus) and saved over the rows as read. When
 * someone changed a row meanwhile (55021) the form reads the values saved now and keeps what was typed.
 */
export function ServiceLevelsForm({ initial, editable }: ServiceLevelsFormProps) {
  const { t, i18n } = useTranslation();
  const hintId = useId();
  const [levels, setLevels] = useState(() => ordered(initial));
  const [texts, setTexts] = useState<HoursTexts>(() => textsOf(initial));
  const [invalid, setInvalid] = useState<ReadonlySet<WorkKind>>(new Set());
  const [changedMeanwhile, setChangedMeanwhile] = useState<ReadonlySet<WorkKind>>(new Set());
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [saving, setSaving] = useState(false);
  const fields = useRef(new Map<WorkKind, HTMLInputElement>());

  /** 55021: the levels saved now become the base; rows the admin edited keep their text. */
  const reloadKeepingTexts = async () => {
    const current = ordered((await fetchServiceLevels()).levels);
    const rebased = rebase(levels, current, texts);
    setLevels(current);
    setTexts(rebased.texts);
    setChangedMeanwhile(new Set(rebased.changedMeanwhile));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setOutcome(null);
    const found = validateLevels(levels, texts);
    setInvalid(new Set(found.invalid));
    const first = found.invalid[0];
    if (first) {
      fields.current.get(first)?.focus();
      return;
    }
    if (found.changes.length === 0) {
      setOutcome({ tone: 'unchanged' });
      return;
    }
    setSaving(true);
    try {
      const saved = ordered((await putServiceLevels({ levels: found.changes })).levels);
      setLevels(saved);
      setTexts(textsOf(saved));
      setChangedMeanwhile(new Set());
      setOutcome({ tone: 'saved' });
    } catch (error) {
      if (!isApiError(error, RET_CODES.SERVICE_LEVELS_CHANGED.code)) {
        setOutcome({ tone: 'error', key: errorMessageKey(error) });
        return;
      }
      try {
        await reloadKeepingTexts();
        setOutcome({ tone: 'stale' });
      } catch (reloadError) {
        setOutcome({ tone: 'error', key: errorMessageKey(reloadError) });
      }
    } finally {
      setSaving(false);
    }
  };

  const kindName = (kind: WorkKind) => t(KIND_KEYS[kind]);
  const lastChanged = (level: ServiceLevel) =>
    level.updatedAt > 0 ? formatDateTime(level.updatedAt, i18n.language) : t('serviceLevels.asShipped');

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="service-levels-form">
      {outcome?.tone === 'saved' ? <Alert>{t('serviceLevels.saved')}</Alert> : null}
      {outcome?.tone === 'unchanged' ? <Alert>{t('serviceLevels.unchanged')}</Alert> : null}
      {outcome?.tone === 'stale' ? <Alert tone="error">{t('serviceLevels.stale')}</Alert> : null}
      {outcome?.tone === 'error' ? <Alert tone="error">{t(outcome.key)}</Alert> : null}
      <Card as="section" aria-labelledby="service-levels-heading">
        <h2 id="service-levels-heading">{t('serviceLevels.heading')}</h2>
        {editable ? (
          <p id={hintId} className="service-levels__muted">
            {t('serviceLevels.hint')}
          </p>
        ) : (
          <p className="service-levels__muted">{t('serviceLevels.readOnly')}</p>
        )}
        <div className="ui-table-wrap">
          <table className={cx('ui-table', editable && 'service-levels__table--editable')}>
            <caption className="visually-hidden">{t('serviceLevels.tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('serviceLevels.columns.kind')}</th>
                <th scope="col">{t('serviceLevels.columns.hours')}</th>
                <th scope="col">{t('serviceLevels.columns.changed')}</th>
              </tr>
            </thead>
            <tbody>
              {levels.map((level) => (
                <tr key={level.kind}>
                  <td data-label={t('serviceLevels.columns.kind')}>
                    <div>{kindName(level.kind)}</div>
                  </td>
                  <td data-label={t('serviceLevels.columns.hours')}>
                    {editable ? (
                      <HoursInput
                        ref={(input) => {
                          if (input) fields.current.set(level.kind, input);
                          else fields.current.delete(level.kind);
                        }}
                        label={t('serviceLevels.hoursOf', { kind: kindName(level.kind) })}
                        hintId={hintId}
                        value={texts[level.kind] ?? ''}
                        error={invalid.has(level.kind) ? t('serviceLevels.errors.hours') : undefined}
                        note={
                          changedMeanwhile.has(level.kind)
                            ? t('serviceLevels.changedMeanwhile', { hours: level.hours })
                            : undefined
                        }
                        onChange={(value) => setTexts((s) => ({ ...s, [level.kind]: value }))}
                      />
                    ) : (
                      <div>{level.hours}</div>
                    )}
                  </td>
                  <td data-label={t('serviceLevels.columns.changed')}>
                    <div>{lastChanged(level)}</div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      {editable ? (
        <div className="service-levels__actions">
          <Button type="submit" busy={saving}>
            {saving ? t('serviceLevels.saving') : t('serviceLevels.save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

interface HoursInputProps {
  label: string;
  hintId: string;
  value: string;
  error: string | undefined;
  /** "Changed meanwhile": the hours saved now, after a 55021. */
  note: string | undefined;
  onChange: (value: string) => void;
  ref: (input: HTMLInputElement | null) => void;
}

/** One kind's hours: a field named after the kind (the row's first cell), its error and note linked. */
function HoursInput({ label, hintId, value, error, note, onChange, ref }: HoursInputProps) {
  const id = useId();
  const describedBy = [hintId, note ? `${id}-note` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="service-levels__hours">
      <input
        ref={ref}
        className="ui-field__control"
        inputMode="numeric"
        autoComplete="off"
        aria-label={label}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      {note ? (
        <span className="service-levels__note" id={`${id}-note`}>
          {note}
        </span>
      ) : null}
      {error ? (
        <span className="ui-field__error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
