import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/rfiQuestion (spec §2): request-for-information questions.
 * Filled by issue 5.
 */
export default function RfiQuestionScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.rfiQuestion');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
