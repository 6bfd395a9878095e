import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from './button';
import './confirm-dialog.css';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  pending?: boolean;
  /** An error to show inside the dialog (role=alert), e.g. the translated ret_code. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirmation (rendered while mounted) on the browser's own <dialog>: showModal() gives the
 * top layer, an inert page behind, focus inside and Escape to cancel, with no focus-trap code of ours.
 * Focus returns to the opener when it closes. Cancel comes first so that Enter does not confirm.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, children, confirmLabel, cancelLabel, pending = false, error, onConfirm, onCancel } = props;
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => {
      dialog?.close?.();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby="confirm-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onCancel();
      }}
    >
      <h2 id="confirm-dialog-title" className="confirm-dialog__title">
        {title}
      </h2>
      <div className="confirm-dialog__body">{children}</div>
      <div role="alert" className="confirm-dialog__alert">
        {error ? <p className="confirm-dialog__error">{error}</p> : null}
      </div>
      <div className="confirm-dialog__actions">
        <Button variant="secondary" size="middle" disabled={pending} onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant="primary" size="middle" loading={pending} disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
