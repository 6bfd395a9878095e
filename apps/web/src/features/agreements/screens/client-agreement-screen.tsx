import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/client-agreement (spec §2): client agreement.
 * Filled by issue 5.
 */
export default function ClientAgreementScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.clientAgreement');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
