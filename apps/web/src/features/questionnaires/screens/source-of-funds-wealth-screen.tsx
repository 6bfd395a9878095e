import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/sourceOfFundsWealth (spec §2): source of funds and wealth.
 * Filled by issue 5.
 */
export default function SourceOfFundsWealthScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.sourceOfFundsWealth');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
