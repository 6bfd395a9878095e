import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/vendor (spec §2): non-document verification through the vendor.
 * Filled by issue 4.
 */
export default function VendorScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.vendor');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
