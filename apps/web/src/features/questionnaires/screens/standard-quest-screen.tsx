import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/standardQuest (spec §2): questionnaire variant.
 * Filled by issue 5.
 */
export default function StandardQuestScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.standardQuest');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
