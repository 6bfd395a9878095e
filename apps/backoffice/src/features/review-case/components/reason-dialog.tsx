import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { TextAreaField } from '../../../ui/text-area-field.tsx';

/**
 * The case page's "give a reason, then act" dialog (closing an account, a subject access copy, lifting a
 * freeze): an optional introduction, the reason field (focused first), what went wrong, and the action
 * with Cancel. The caller owns the state and the texts; a busy dialog does not close.
 */
export function ReasonDialog({
  title,
  intro,
  label,
  hint,
  reason,
  onReasonChange,
  maxLength,
  error,
  problem,
  submitLabel,
  cancelLabel,
  busy,
  onSubmit,
  onClose,
}: {
  title: string;
  intro?: ReactNode;
  label: string;
  hint: string;
  reason: string;
  onReasonChange: (reason: string) => void;
  maxLength: number;
  /** The field's own message (missing or too short). */
  error?: string | undefined;
  /** What the server answered, shown above the actions. */
  problem?: ReactNode;
  submitLabel: string;
  cancelLabel: string;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const close = () => {
    if (!busy) onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog title={title} onClose={close}>
      <form onSubmit={submit} noValidate>
        {intro ? <p>{intro}</p> : null}
        <TextAreaField
          label={label}
          hint={hint}
          value={reason}
          rows={3}
          maxLength={maxLength}
          onChange={(event) => onReasonChange(event.target.value)}
          error={error}
          data-autofocus
        />
        {problem}
        <div className="ui-decision-form__actions">
          <Button type="submit" busy={busy}>
            {submitLabel}
          </Button>
          <Button variant="secondary" onClick={close}>
            {cancelLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
