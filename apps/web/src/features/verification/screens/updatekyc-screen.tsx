import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/updatekyc (spec §2): update verification (re-verification, displayUpdatePOI).
 * Filled by issue 4.
 */
export default function UpdatekycScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.updatekyc');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
