import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { selectUser, useAppSelector } from '../../../lib/store/hooks';
import { Card } from '../../../ui/card';
import './personal-screen.css';

/**
 * /auth and /auth/personal (spec §2): the personal identity-verification screen.
 * Filled by issue 4: step statuses, quotas, re-verification panel and the actions that start a
 * verification. Until then it shows only what is true: the account and the two steps.
 */
export default function PersonalScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.personal');
  const user = useAppSelector(selectUser);

  return (
    <div className="page">
      <h1>{title}</h1>
      <p className="page__intro">{t('personal.intro')}</p>
      <Card title={t('personal.account.title')}>
        <dl className="account-summary">
          <div className="account-summary__item">
            <dt>{t('personal.account.uid')}</dt>
            <dd>
              <bdi>{user.id}</bdi>
            </dd>
          </div>
          <div className="account-summary__item">
            <dt>{t('personal.account.email')}</dt>
            <dd>
              <bdi>{user.email}</bdi>
            </dd>
          </div>
        </dl>
      </Card>
      <div className="verification-steps">
        <Card title={t('personal.step1')}>
          <p className="verification-step__body">{t('personal.stepPending')}</p>
        </Card>
        <Card title={t('personal.step2')}>
          <p className="verification-step__body">{t('personal.stepPending')}</p>
        </Card>
      </div>
    </div>
  );
}
