import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/kyc (spec §2): document verification through the identity-verification vendor.
 * Filled by issue 4.
 */
export default function KycScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.kyc');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
