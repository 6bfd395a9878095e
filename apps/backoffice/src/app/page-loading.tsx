import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/spinner.tsx';

/** Shown while the first route's data and code load (the translations are already in by then). */
export function PageLoading() {
  const { t } = useTranslation();
  return <Spinner size="page" label={t('app.loading')} />;
}
