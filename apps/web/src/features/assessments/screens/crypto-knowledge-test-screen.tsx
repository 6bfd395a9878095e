import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder';

/**
 * /auth/crypto-knowledge-test (spec §2): crypto knowledge test.
 * Filled by issue 5.
 */
export default function CryptoKnowledgeTestScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.cryptoKnowledgeTest');
  return <ScreenPlaceholder title={title} message={t('placeholder.building')} />;
}
