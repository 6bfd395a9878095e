import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextAreaField } from '../../../ui/text-area-field.tsx';
import {
  REJECT_REASON_CODES,
  REQUEST_TEXT_MAX,
  USER_MESSAGE_MAX,
  type RejectReasonCode,
} from '../api/review.ts';

const P = 'questionnaireReview.decisions';

function isReasonCode(code: string): code is RejectReasonCode {
  return (REJECT_REASON_CODES as readonly string[]).includes(code);
}

/** A reason code's translated name, or the code itself when this screen does not know it. */
export function ReasonLabel({ code }: { code: string }) {
  const { t } = useTranslation();
  return <>{isReasonCode(code) ? t(`${P}.reasons.${code}`) : code}</>;
}

/** A rejection: a reason code from the list and the message the person will read (both required). */
export function RejectForm({
  legend,
  action,
  disabled,
  onSubmit,
}: {
  legend: string;
  action: string;
  disabled: boolean;
  onSubmit: (values: { reasonCode: string; userMessage: string }) => void;
}) {
  const { t } = useTranslation();
  const [reasonCode, setReasonCode] = useState('');
  const [userMessage, setUserMessage] = useState('');
  const [errors, setErrors] = useState<{ reasonCode?: string; userMessage?: string }>({});

  const submit = () => {
    const found: typeof errors = {};
    if (!reasonCode) found.reasonCode = t(`${P}.form.reasonRequired`);
    const message = userMessage.trim();
    if (!message) found.userMessage = t(`${P}.form.messageRequired`);
    else if (message.length > USER_MESSAGE_MAX) {
      found.userMessage = t(`${P}.form.messageTooLong`, { max: USER_MESSAGE_MAX });
    }
    setErrors(found);
    if (!found.reasonCode && !found.userMessage) onSubmit({ reasonCode, userMessage: message });
  };

  return (
    <fieldset className="ui-decision-form" disabled={disabled}>
      <legend>{legend}</legend>
      <SelectField
        label={t(`${P}.form.reason`)}
        value={reasonCode}
        onChange={(event) => setReasonCode(event.target.value)}
        error={errors.reasonCode}
        options={[
          { value: '', label: t(`${P}.form.reasonPlaceholder`) },
          ...REJECT_REASON_CODES.map((code) => ({ value: code, label: t(`${P}.reasons.${code}`) })),
        ]}
      />
      <TextAreaField
        label={t(`${P}.form.message`)}
        hint={t(`${P}.form.messageHint`)}
        value={userMessage}
        rows={3}
        maxLength={USER_MESSAGE_MAX + 100}
        onChange={(event) => setUserMessage(event.target.value)}
        error={errors.userMessage}
      />
      <div className="ui-decision-form__actions">
        <Button variant="secondary" onClick={submit}>
          {action}
        </Button>
      </div>
    </fieldset>
  );
}

/** A request for more information: the text the person reads (required, at most REQUEST_TEXT_MAX). */
export function RequestInfoForm({
  disabled,
  onSubmit,
}: {
  disabled: boolean;
  onSubmit: (requestText: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();

  const submit = () => {
    const value = text.trim();
    const found = !value
      ? t(`${P}.form.requestRequired`)
      : value.length > REQUEST_TEXT_MAX
        ? t(`${P}.form.requestTooLong`, { max: REQUEST_TEXT_MAX })
        : undefined;
    setError(found);
    if (!found) onSubmit(value);
  };

  return (
    <fieldset className="ui-decision-form" disabled={disabled}>
      <legend>{t(`${P}.requestInfoLegend`)}</legend>
      <TextAreaField
        label={t(`${P}.form.request`)}
        hint={t(`${P}.form.requestHint`)}
        value={text}
        rows={3}
        maxLength={REQUEST_TEXT_MAX + 100}
        onChange={(event) => setText(event.target.value)}
        error={error}
      />
      <div className="ui-decision-form__actions">
        <Button variant="secondary" onClick={submit}>
          {t(`${P}.requestInfo`)}
        </Button>
      </div>
    </fieldset>
  );
}
