import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { selectUser, useAppSelector } from '../../../lib/store/hooks';
import { Card } from '../../../ui/card';

/**
 * /auth/sdk (spec §2): the landing screen of the embedded flow (query isUpdatePoi, site, update, lang,
 * from, hidden, token). The start-up in SDK mode (SdkGate) has stored the session in the user; the
 * verification steps themselves come with issue 4, through the integration endpoints.
 */
export default function SdkScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.sdk');
  const user = useAppSelector(selectUser);
  return (
    <div className="page">
      <h1>{title}</h1>
      <p className="page__intro">{t('sdk.intro')}</p>
      {user.email ? (
        <Card title={t('sdk.account')}>
          <p>
            <bdi>{user.email}</bdi>
          </p>
        </Card>
      ) : null}
      <Card>
        <p>{t('placeholder.building')}</p>
      </Card>
    </div>
  );
}
