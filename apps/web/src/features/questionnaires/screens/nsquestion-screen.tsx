import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/nsquestion (spec §2): name-screening questionnaire.
 * Filled by issue 5.
 */
export default function NsquestionScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.nsquestion');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
