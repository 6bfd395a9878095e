import { useTranslation } from 'react-i18next';
import { ROUTE_PERSONAL } from '@kyc/contracts';
import { Link, useParams } from '../lib/router';
import { useDocumentTitle } from '../lib/i18n/use-screen-title';
import { Card } from '../ui/card';

/** Any path under /:lang that is not a screen of the route table. */
export function NotFound() {
  const { t } = useTranslation();
  const { lang = 'en' } = useParams();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="page">
      <h1>{t('notFound.title')}</h1>
      <Card>
        <p>{t('notFound.body')}</p>
        <p>
          <Link to={`/${lang}${ROUTE_PERSONAL}`}>{t('notFound.link')}</Link>
        </p>
      </Card>
    </div>
  );
}
