import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/eddQuestionnaire (spec §2): enhanced due-diligence questionnaire.
 * Filled by issue 5.
 */
export default function EddQuestionnaireScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.eddQuestionnaire');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
