import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canAccess, type AreaId } from '../lib/areas.ts';
import { paths } from '../lib/paths.ts';
import { useStaff } from '../lib/staff-session.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { MessagePage } from './message-page.tsx';

function NoAccess() {
  const { t } = useTranslation();
  useDocumentTitle(t('errors.noAccessTitle'));
  return (
    <MessagePage
      title={t('errors.noAccessTitle')}
      body={t('errors.noAccessBody')}
      action={<Link to={paths.home.getHref()}>{t('errors.backHome')}</Link>}
    />
  );
}

/** An area opened by URL that the staff member's role does not include (lib/areas.ts) says so. */
export function RequireArea({ area, children }: { area: AreaId; children: ReactNode }) {
  const staff = useStaff();
  return canAccess(staff.role, area) ? children : <NoAccess />;
}
