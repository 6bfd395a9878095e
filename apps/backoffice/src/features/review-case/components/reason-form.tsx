import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from '../../../ui/button.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextAreaField } from '../../../ui/text-area-field.tsx';
import { REJECT_REASON_CODES, USER_MESSAGE_MAX } from '../api/case.ts';

export interface ReasonValues {
  reasonCode: string;
  userMessage: string;
  daily: boolean;
}

export interface ReasonAction {
  label: string;
  variant?: ButtonVariant;
  onSubmit: (values: ReasonValues) => void;
}

interface ReasonFormProps {
  legend: string;
  actions: readonly ReasonAction[];
  /** Offer "daily attempt limit reached" (re-verification rejections). */
  withDaily?: boolean;
  disabled?: boolean;
}

interface Errors {
  reasonCode?: string;
  userMessage?: string;
}

/**
 * A rejection: a reason code from the list and the message the person will read (both required).
 * Several actions can share one form (reject with retry, propose a final rejection).
 */
export function ReasonForm({ legend, actions, withDaily = false, disabled = false }: ReasonFormProps) {
  const { t } = useTranslation();
  const dailyId = useId();
  const [reasonCode, setReasonCode] = useState('');
  const [userMessage, setUserMessage] = useState('');
  const [daily, setDaily] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  const submit = (action: ReasonAction) => {
    const found: Errors = {};
    if (!reasonCode) found.reasonCode = t('decisions.form.reasonRequired');
    const message = userMessage.trim();
    if (!message) found.userMessage = t('decisions.form.messageRequired');
    else if (message.length > USER_MESSAGE_MAX) {
      found.userMessage = t('decisions.form.messageTooLong', { max: USER_MESSAGE_MAX });
    }
    setErrors(found);
    if (found.reasonCode || found.userMessage) return;
    action.onSubmit({ reasonCode, userMessage: message, daily });
  };

  return (
    <fieldset className="ui-decision-form" disabled={disabled}>
      <legend>{legend}</legend>
      <SelectField
        label={t('decisions.form.reason')}
        value={reasonCode}
        onChange={(event) => setReasonCode(event.target.value)}
        error={errors.reasonCode}
        options={[
          { value: '', label: t('decisions.form.reasonPlaceholder') },
          ...REJECT_REASON_CODES.map((code) => ({ value: code, label: t(`decisions.reasons.${code}`) })),
        ]}
      />
      <TextAreaField
        label={t('decisions.form.message')}
        hint={t('decisions.form.messageHint')}
        value={userMessage}
        rows={3}
        maxLength={USER_MESSAGE_MAX + 100}
        onChange={(event) => setUserMessage(event.target.value)}
        error={errors.userMessage}
      />
      {withDaily ? (
        <div className="ui-decision-form__check">
          <input id={dailyId} type="checkbox" checked={daily} onChange={(e) => setDaily(e.target.checked)} />
          <label htmlFor={dailyId}>{t('decisions.form.daily')}</label>
        </div>
      ) : null}
      <div className="ui-decision-form__actions">
        {actions.map((action) => (
          <Button key={action.label} variant={action.variant ?? 'secondary'} onClick={() => submit(action)}>
            {action.label}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}
