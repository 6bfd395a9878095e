import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/risk-tolerance-test (spec §2): risk tolerance test.
 * Filled by issue 5.
 */
export default function RiskToleranceTestScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.riskToleranceTest');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
