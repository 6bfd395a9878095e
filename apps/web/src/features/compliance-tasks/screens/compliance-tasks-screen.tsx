import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/complianceTasks (spec §2): list of compliance tasks.
 * Filled by issue 5.
 */
export default function ComplianceTasksScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.complianceTasks');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
