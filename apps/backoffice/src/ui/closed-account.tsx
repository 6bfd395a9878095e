import { useTranslation } from 'react-i18next';

/**
 * Issue 20 (D86): where a list would print a person's name or email, a closed (or erased) person shows as
 * "Closed account #id": the server leaves their personal data out of the list, and opening their case
 * takes `access_closed_accounts` and a recorded reason.
 */
export function ClosedAccount({ userId }: { userId: number }) {
  const { t } = useTranslation();
  return (
    <span className="ui-closed-account" title={t('closedAccount.hint')}>
      {t('closedAccount.marker', { id: userId })}
    </span>
  );
}
