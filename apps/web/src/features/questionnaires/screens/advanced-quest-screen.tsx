import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/advancedQuest (spec §2): questionnaire variant.
 * Filled by issue 5.
 */
export default function AdvancedQuestScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.advancedQuest');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
