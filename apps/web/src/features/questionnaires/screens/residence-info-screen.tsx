import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/residenceInfo (spec §2): residence information.
 * Filled by issue 5.
 */
export default function ResidenceInfoScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.residenceInfo');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
