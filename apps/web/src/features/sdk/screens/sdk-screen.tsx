import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/sdk (spec §2): the embedded verification flow (query isUpdatePoi, site, update, lang, from, hidden, token).
 * Filled by issue 3.
 */
export default function SdkScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.sdk');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
