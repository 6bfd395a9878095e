import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AreaPlaceholder } from '../../../ui/area-placeholder.tsx';

/**
 * Audit log: the append-only record of views of personal data and decisions.
 * Filled by issue 4; until then an honest placeholder.
 */
export function AuditLogPage() {
  const { t } = useTranslation();
  const title = t('areas.auditLog.title');
  useDocumentTitle(title);
  return (
    <AreaPlaceholder title={title} heading={t('placeholder.heading')} body={t('placeholder.auditLog')} />
  );
}
