import { useTranslation } from 'react-i18next';
import { LIMITATION_ACCOUNT_FROZEN, type KycInfo } from '@kyc/contracts';
import { helpCenterHref } from '../../../lib/site/help-center';
import { Card } from '../../../ui/card';
import './frozen-account.css';

/** Issue 18: kyc-info says the account is frozen (a true screening match) through its limitation. */
export function isAccountFrozen(info: Pick<KycInfo, 'limitation'>): boolean {
  return info.limitation === LIMITATION_ACCOUNT_FROZEN;
}

/**
 * The frozen account on the personal page: nothing can be submitted, and support is where to ask. It
 * never says why: telling a person that they matched a sanctions list, or that a report may be made,
 * is tipping-off (docs/screening.md "Freeze", D66).
 */
export function FrozenAccount({ lang }: { lang: string }) {
  const { t } = useTranslation();
  return (
    <Card title={t('kyc.frozen.title')}>
      <div role="status" className="frozen-account">
        <p>{t('kyc.frozen.body')}</p>
        <a
          className="btn btn--primary btn--middle"
          href={helpCenterHref('webFormIssueReport', undefined, lang)}
        >
          {t('kyc.frozen.support')}
        </a>
      </div>
    </Card>
  );
}
