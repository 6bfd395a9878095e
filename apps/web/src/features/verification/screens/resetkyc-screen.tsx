import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/resetkyc (spec §2): reset verification.
 * Filled by issue 4.
 */
export default function ResetkycScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.resetkyc');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
