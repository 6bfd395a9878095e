import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { selectUser, useAppSelector } from '../../../lib/store/hooks';
import { Card } from '../../../ui/card';

export interface SdkScreenProps {
  /**
   * The verification flow of the session. Features never import each other, so the route module
   * (app/sdk-route.tsx) hands in the verification feature's flow.
   */
  verification?: ReactNode;
}

/**
 * /auth/sdk (spec §2): the landing screen of the embedded flow (query isUpdatePoi, site, update, lang,
 * from, hidden, token). The start-up in SDK mode (SdkGate) has stored the session in the user; the
 * flow below calls the integration endpoints with the SDK headers (spec §6).
 */
export default function SdkScreen({ verification }: SdkScreenProps) {
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
      {verification}
    </div>
  );
}
