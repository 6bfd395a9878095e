import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/paths.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { MessagePage } from './message-page.tsx';

export function NotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('errors.notFoundTitle'));
  return (
    <MessagePage
      title={t('errors.notFoundTitle')}
      body={t('errors.notFoundBody')}
      action={<Link to={paths.home.getHref()}>{t('errors.backHome')}</Link>}
    />
  );
}
