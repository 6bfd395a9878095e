import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { errorMessageKey } from '../lib/error-message.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { Button } from '../ui/button.tsx';
import { MessagePage } from './message-page.tsx';

/**
 * Error boundary of a route: a loader that failed for another reason than "signed out" (server not
 * reachable, 5xx) or a page chunk that did not load. Reloading retries both.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useDocumentTitle(t('errors.pageFailed'));
  return (
    <main className="app-error">
      <MessagePage
        title={t('errors.pageFailed')}
        body={t(errorMessageKey(error))}
        action={<Button onClick={() => window.location.reload()}>{t('errors.retry')}</Button>}
      />
    </main>
  );
}

/** The same inside the shell, where <main> already exists. */
export function AreaError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useDocumentTitle(t('errors.pageFailed'));
  return (
    <MessagePage
      title={t('errors.pageFailed')}
      body={t(errorMessageKey(error))}
      action={<Button onClick={() => window.location.reload()}>{t('errors.retry')}</Button>}
    />
  );
}
