import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/step2 (spec §2): user guide, step 2.
 * Filled by issue 4.
 */
export default function Step2Screen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.step2');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
