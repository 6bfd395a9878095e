import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/professional (spec §2): professional investor.
 * Filled by issue 5.
 */
export default function ProfessionalScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.professional');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
