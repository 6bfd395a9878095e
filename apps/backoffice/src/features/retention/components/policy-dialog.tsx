import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RET_CODES, type RetentionClock } from '@kyc/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextAreaField } from '../../../ui/text-area-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { putPolicies, withPolicy, type RetentionPolicy, type RetentionPolicySet } from '../api/policies.ts';
import {
  clocksOf,
  parsePeriod,
  PERIOD_UNITS,
  useRetentionLabels,
  type PeriodUnit,
} from '../retention-labels.ts';

interface PolicyDialogProps {
  set: RetentionPolicySet;
  policy: RetentionPolicy;
  onSaved: (saved: RetentionPolicySet) => void;
  /** Another admin saved a version meanwhile (62004): the page explains it and offers a reload. */
  onConflict: () => void;
  onClose: () => void;
}

type FieldErrors = { period?: string; clock?: string; legalSource?: string; reason?: string };

const UNIT_KEYS = { Y: 'years', M: 'months', D: 'days' } as const;

/**
 * One site and kind's period, clock and legal source, saved as a new version of the whole set over the
 * version read (expectedVersion). The server checks it again: the legal minimum (62002), a clock that fits
 * the kind (62003), every site and kind once (62001), and a version saved meanwhile (62004).
 */
export function PolicyDialog({ set, policy, onSaved, onConflict, onClose }: PolicyDialogProps) {
  const { t } = useTranslation();
  const labels = useRetentionLabels();
  const parsed = parsePeriod(policy.period);
  const [amount, setAmount] = useState(String(parsed?.amount ?? ''));
  const [unit, setUnit] = useState<PeriodUnit>(parsed?.unit ?? 'Y');
  const [clock, setClock] = useState<RetentionClock>(policy.clock);
  const [legalSource, setLegalSource] = useState(policy.legalSource);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors = {};
    const n = /^\d{1,4}$/.test(amount.trim()) ? Number(amount.trim()) : 0;
    if (n < 1) found.period = t('retention.policies.form.errors.period');
    if (!legalSource.trim() || legalSource.trim().length > 500)
      found.legalSource = t('retention.policies.form.errors.legalSource');
    if (reason.trim().length < 3 || reason.trim().length > 500)
      found.reason = t('retention.policies.form.errors.reason');
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    const changed: RetentionPolicy = {
      ...policy,
      period: `P${n}${unit}`,
      clock,
      legalSource: legalSource.trim(),
    };
    setSaving(true);
    try {
      onSaved(
        await putPolicies({
          expectedVersion: set.version,
          reason: reason.trim(),
          policies: withPolicy(set.policies, changed),
        }),
      );
    } catch (error) {
      if (isApiError(error, RET_CODES.RETENTION_POLICY_VERSION_CHANGED.code)) onConflict();
      else if (isApiError(error, RET_CODES.RETENTION_POLICY_BELOW_MINIMUM.code))
        setErrors({ period: t('apiErrors.retentionPolicyBelowMinimum') });
      else if (isApiError(error, RET_CODES.RETENTION_POLICY_CLOCK_INVALID.code))
        setErrors({ clock: t('apiErrors.retentionPolicyClockInvalid') });
      else setFailure(t(errorMessageKey(error)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      title={t('retention.policies.form.title', {
        kind: labels.kind(policy.kind),
        site: labels.site(policy.site),
      })}
      onClose={onClose}
    >
      <form className="ui-dialog__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <p>{t('retention.policies.form.version', { version: set.version })}</p>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <div className="retention-period">
          <TextField
            label={t('retention.policies.form.amount')}
            inputMode="numeric"
            value={amount}
            maxLength={4}
            autoComplete="off"
            onChange={(event) => setAmount(event.target.value)}
            error={errors.period}
            data-autofocus
          />
          <SelectField
            label={t('retention.policies.form.unit')}
            value={unit}
            onChange={(event) => {
              const value = PERIOD_UNITS.find((u) => u === event.target.value);
              if (value) setUnit(value);
            }}
            options={PERIOD_UNITS.map((u) => ({
              value: u,
              label: t(`retention.policies.form.units.${UNIT_KEYS[u]}`),
            }))}
          />
        </div>
        <SelectField
          label={t('retention.policies.form.clock')}
          value={clock}
          onChange={(event) => {
            const value = clocksOf(policy.kind).find((c) => c === event.target.value);
            if (value) setClock(value);
          }}
          options={clocksOf(policy.kind).map((c) => ({ value: c, label: labels.clock(c) }))}
          error={errors.clock}
        />
        <TextAreaField
          label={t('retention.policies.form.legalSource')}
          value={legalSource}
          rows={3}
          maxLength={500}
          onChange={(event) => setLegalSource(event.target.value)}
          error={errors.legalSource}
        />
        <TextAreaField
          label={t('retention.policies.form.reason')}
          hint={t('retention.policies.form.reasonHint')}
          value={reason}
          rows={2}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          error={errors.reason}
        />
        <div className="ui-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('retention.common.cancel')}
          </Button>
          <Button type="submit" busy={saving}>
            {t('retention.policies.form.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
