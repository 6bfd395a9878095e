import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/newquestion (spec §2): questionnaire.
 * Filled by issue 5.
 */
export default function NewquestionScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.newquestion');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
