import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/cnsquestion (spec §2): name-screening questionnaire.
 * Filled by issue 5.
 */
export default function CnsquestionScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.cnsquestion');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
