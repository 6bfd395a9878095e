import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/rcQuestionnaire (spec §2): further questionnaire.
 * Filled by issue 5.
 */
export default function RcQuestionnaireScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.rcQuestionnaire');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
