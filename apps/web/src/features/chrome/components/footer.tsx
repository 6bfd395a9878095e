import { useTranslation } from 'react-i18next';
import { PageFooter } from '../../../ui/page-footer';

/** The site footer (spec §2 "Page chrome"); hiding it in app mode comes with issue 3. */
export function Footer() {
  const { t } = useTranslation();
  return <PageFooter text={t('footer.copyright', { year: new Date().getFullYear() })} />;
}
