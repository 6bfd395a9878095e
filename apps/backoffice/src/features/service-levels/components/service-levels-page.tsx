import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { can } from '../../../lib/permissions.ts';
import { useStaff } from '../../../lib/staff-session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { LoadError } from '../../../ui/load-error.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { fetchServiceLevels } from '../api/service-levels.ts';
import { ServiceLevelsForm } from './service-levels-form.tsx';
import './service-levels.css';

/**
 * Service levels (issue 17, D120; read: everyone who sees cases; change: admins with
 * `edit_service_levels`): the hours to a decision per kind of work, from which the queues compute each
 * item's due time and what is past due. Saving changes every waiting item's due time at once.
 */
export function ServiceLevelsPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const editable = can(staff.role, 'edit_service_levels');
  const { resource, reload } = useResource('service-levels', (signal) => fetchServiceLevels(signal));
  const title = t('areas.serviceLevels.title');
  useDocumentTitle(title);
  return (
    <>
      <h1>{title}</h1>
      <p className="service-levels__intro">{t('serviceLevels.intro')}</p>
      {resource.state === 'loading' ? <Spinner size="page" label={t('app.loading')} /> : null}
      {resource.state === 'error' ? (
        <LoadError message={t(errorMessageKey(resource.error))} onRetry={reload} />
      ) : null}
      {resource.state === 'ready' ? (
        <ServiceLevelsForm initial={resource.data.levels} editable={editable} />
      ) : null}
    </>
  );
}
