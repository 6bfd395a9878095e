import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AreaPlaceholder } from '../../../ui/area-placeholder.tsx';

/**
 * Verification queue: identity verifications waiting for a reviewer's decision.
 * Filled by issue 4; until then an honest placeholder.
 */
export function VerificationQueuePage() {
  const { t } = useTranslation();
  const title = t('areas.verificationQueue.title');
  useDocumentTitle(title);
  return (
    <AreaPlaceholder
      title={title}
      heading={t('placeholder.heading')}
      body={t('placeholder.verificationQueue')}
    />
  );
}
