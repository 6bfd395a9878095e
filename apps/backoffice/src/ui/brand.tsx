import { useTranslation } from 'react-i18next';
import './brand.css';

/** The product name with its mark, as shown in the top bar and above the sign-in card. */
export function Brand() {
  const { t } = useTranslation();
  return (
    <span className="ui-brand">
      <span className="ui-brand__mark" aria-hidden="true" />
      {t('app.title')}
    </span>
  );
}
