import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/updatePOA (spec §2): update proof of address.
 * Filled by issue 4.
 */
export default function UpdatePoaScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.updatePOA');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
