import { useTranslation } from 'react-i18next';
import type { KycInfo } from '@kyc/contracts';
import { Link } from '../../../lib/router';
import { Card } from '../../../ui/card';
import { resetAvailability, stepOf } from './kyc-steps';

/**
 * The ways to change a verification that the user's status allows (spec §2 routes updatekyc,
 * updatePOA, resetkyc): a new ID document once level 1 is verified, a new proof of address once level
 * 2 is, and a reset when it is not refused. Hidden when none applies.
 */
export function ManageVerification({ info, lang }: { info: KycInfo; lang: string }) {
  const { t } = useTranslation();
  const links = [
    ...(stepOf(info, 1).status === 'SUCCESS'
      ? [{ to: `/${lang}/auth/updatekyc`, label: t('guide.manage.updateId') }]
      : []),
    ...(stepOf(info, 2).status === 'SUCCESS'
      ? [{ to: `/${lang}/auth/updatePOA`, label: t('guide.manage.updatePoa') }]
      : []),
    ...(resetAvailability(info) === 'available'
      ? [{ to: `/${lang}/auth/resetkyc`, label: t('guide.manage.reset') }]
      : []),
  ];
  if (links.length === 0) return null;
  return (
    <Card title={t('guide.manage.title')}>
      <ul className="manage-links">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
