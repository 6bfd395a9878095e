import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { StaffRole } from '@kyc/contracts';
import { areaTextKey, areasFor } from '../../../lib/areas.ts';

interface SideNavProps {
  id: string;
  role: StaffRole;
  /** Under 768px the navigation is collapsed behind the top bar's menu button. */
  open: boolean;
}

/** The areas this role may use (lib/areas.ts), in the table's order. */
export function SideNav({ id, role, open }: SideNavProps) {
  const { t } = useTranslation();
  return (
    <nav
      id={id}
      className={open ? 'shell-nav shell-nav--open' : 'shell-nav'}
      aria-label={t('shell.navLabel')}
    >
      <ul className="shell-nav__list">
        {areasFor(role).map((area) => (
          <li key={area.id}>
            <NavLink to={area.href} end={area.id === 'home'} className="shell-nav__link">
              {t(areaTextKey(area.id, 'title'))}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
