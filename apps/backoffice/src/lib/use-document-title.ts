import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to "<page> · Compliance console" (translated), or the product name alone. */
export function useDocumentTitle(page?: string): void {
  const { t } = useTranslation();
  const app = t('app.title');
  const title = page ? t('app.pageTitle', { page, app }) : app;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
