import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A new set of recovery codes, shown once (after enrolment, or made again on the Security page): the
 * codes, Copy and Download as a text file, and the warning that they are not shown again.
 */
export function RecoveryCodesList({ codes, email }: { codes: readonly string[]; email: string }) {
  const { t } = useTranslation();
  const listId = useId();
  const [copy, setCopy] = useState<CopyState>('idle');
  const text = [
    t('recoveryCodes.fileHeading', { email }),
    '',
    ...codes,
    '',
    t('recoveryCodes.fileNote'),
  ].join('\n');

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  const onDownload = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div className="recovery-codes">
      <Alert className="recovery-codes__warning">{t('recoveryCodes.shownOnce')}</Alert>
      <ol
        className="recovery-codes__list"
        id={listId}
        aria-label={t('recoveryCodes.listLabel')}
        translate="no"
      >
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="recovery-codes__actions">
        <Button variant="secondary" onClick={() => void onCopy()} aria-describedby={listId}>
          {t('recoveryCodes.copy')}
        </Button>
        <Button variant="secondary" onClick={onDownload}>
          {t('recoveryCodes.download')}
        </Button>
        <span role="status" className="recovery-codes__status">
          {copy === 'idle' ? '' : t(copy === 'copied' ? 'recoveryCodes.copied' : 'recoveryCodes.copyFailed')}
        </span>
      </div>
    </div>
  );
}
