import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { areaTextKey, areasFor } from '../../../lib/areas.ts';
import { can } from '../../../lib/permissions.ts';
import { useStaff } from '../../../lib/staff-session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Card } from '../../../ui/card.tsx';
import { Dashboard } from './dashboard.tsx';
import { FrozenAccountsNotice } from './frozen-accounts-notice.tsx';
import './home-page.css';

/**
 * Welcome: who is signed in, with which role, the accounts frozen by a true screening match for members
 * who work the screening alerts (D111), what each of their areas is for; then the figures (issue 17)
 * for members who may read them.
 */
export function HomePage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const areas = areasFor(staff.role).filter((area) => area.id !== 'home');
  useDocumentTitle(t('areas.home.title'));
  return (
    <>
      <h1>{t('home.welcome', { name: staff.display_name })}</h1>
      <p className="home-page__role">{t('home.roleLine', { role: t(`roles.${staff.role}`) })}</p>
      {areas.some((area) => area.id === 'screeningAlerts') ? <FrozenAccountsNotice /> : null}
      <h2 className="home-page__areas-heading">{t('home.areasHeading')}</h2>
      {areas.length === 0 ? (
        <p>{t('home.noAreas')}</p>
      ) : (
        <ul className="home-page__areas">
          {areas.map((area) => (
            <li key={area.id}>
              <Card className="home-page__area">
                <h3>
                  <Link to={area.href}>{t(areaTextKey(area.id, 'title'))}</Link>
                </h3>
                <p>{t(areaTextKey(area.id, 'description'))}</p>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {can(staff.role, 'read_figures') ? <Dashboard /> : null}
    </>
  );
}
