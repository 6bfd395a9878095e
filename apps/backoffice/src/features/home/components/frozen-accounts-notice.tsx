import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useResource } from '../../../lib/use-resource.ts';
import { Alert } from '../../../ui/alert.tsx';
import { FROZEN_ACCOUNTS_HREF, fetchFrozenAccounts } from '../api/frozen-accounts.ts';

/**
 * The back-office notice beside the compliance mail (issue 18, D111): while any account is frozen by a
 * true screening match, the home page says how many (capped) and links to them in the alerts queue,
 * where each row opens the case with its suspicious-activity export. Nothing while there are none; a
 * failed read shows nothing either (the alerts page itself says why), so the home page never breaks.
 */
export function FrozenAccountsNotice() {
  const { t } = useTranslation();
  const { resource } = useResource('frozen-accounts', fetchFrozenAccounts);
  if (resource.state !== 'ready' || resource.data.count === 0) return null;
  const { count, capped } = resource.data;
  return (
    <Alert className="home-page__frozen">
      <p>
        {capped ? t('home.frozen.countCapped', { number: count }) : t('home.frozen.count', { number: count })}{' '}
        {t('home.frozen.filing')}
      </p>
      <p>
        <Link to={FROZEN_ACCOUNTS_HREF}>{t('home.frozen.link')}</Link>
      </p>
    </Alert>
  );
}
