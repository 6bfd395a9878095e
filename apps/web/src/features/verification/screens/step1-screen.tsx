import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/step1 (spec §2): user guide, step 1.
 * Filled by issue 4.
 */
export default function Step1Screen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.step1');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
