import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/agreement (spec §2): agreement.
 * Filled by issue 5.
 */
export default function AgreementScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.agreement');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
