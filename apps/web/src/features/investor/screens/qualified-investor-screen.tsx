import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/qualifiedInvestor (spec §2): qualified investor.
 * Filled by issue 5.
 */
export default function QualifiedInvestorScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.qualifiedInvestor');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
