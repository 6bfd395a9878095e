import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessageKey, type ErrorMessageKey } from '../../../lib/error-message.ts';
import { paths } from '../../../lib/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { TextAreaField } from '../../../ui/text-area-field.tsx';
import { postRfi, RFI_TEXT_MAX } from '../api/rfi.ts';

type Outcome = { tone: 'info' } | { tone: 'error'; key: ErrorMessageKey } | null;

/**
 * Request for information: staff who may decide ask the person for information or documents. The
 * person gets an rfiQuestion task with the text as written; its answers are reviewed under
 * Questionnaires (the link after sending).
 */
export function RfiSection({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  /** After Cancel, focus goes back to the button that opened the form. */
  const [refocus, setRefocus] = useState(false);
  const openArea = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!refocus) return;
    openArea.current?.querySelector('button')?.focus();
    setRefocus(false);
  }, [refocus]);

  const close = () => {
    setOpen(false);
    setText('');
    setError(undefined);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const value = text.trim();
    const found = !value
      ? t('rfi.required')
      : value.length > RFI_TEXT_MAX
        ? t('rfi.tooLong', { max: RFI_TEXT_MAX })
        : undefined;
    setError(found);
    if (found) return;
    setBusy(true);
    setOutcome(null);
    try {
      await postRfi(userId, value);
      close();
      setOutcome({ tone: 'info' });
    } catch (failure) {
      setOutcome({ tone: 'error', key: errorMessageKey(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card as="section" aria-labelledby="case-rfi-heading">
      <h2 id="case-rfi-heading">{t('rfi.heading')}</h2>
      <p>{t('rfi.intro')}</p>
      {outcome?.tone === 'info' ? (
        <Alert>
          <p>{t('rfi.sent')}</p>
          <Link to={paths.questionnaireResponse.getHref(userId, 'rfi')}>{t('rfi.viewResponse')}</Link>
        </Alert>
      ) : null}
      {outcome?.tone === 'error' ? <Alert tone="error">{t(outcome.key)}</Alert> : null}
      {open ? (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <fieldset className="ui-decision-form">
            <legend>{t('rfi.legend')}</legend>
            <TextAreaField
              label={t('rfi.text')}
              hint={t('rfi.hint')}
              value={text}
              rows={4}
              maxLength={RFI_TEXT_MAX + 100}
              onChange={(event) => setText(event.target.value)}
              error={error}
              autoFocus
            />
            <div className="ui-decision-form__actions">
              <Button type="submit" busy={busy}>
                {t('rfi.send')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  if (busy) return;
                  close();
                  setRefocus(true);
                }}
              >
                {t('rfi.cancel')}
              </Button>
            </div>
          </fieldset>
        </form>
      ) : (
        <div ref={openArea}>
          <Button
            variant="secondary"
            onClick={() => {
              setOutcome(null);
              setOpen(true);
            }}
          >
            {t('rfi.open')}
          </Button>
        </div>
      )}
    </Card>
  );
}
