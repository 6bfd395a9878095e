import { useTranslation } from 'react-i18next';
import type { StaffMe } from '@kyc/contracts';
import { Brand } from '../../../ui/brand.tsx';
import { Button } from '../../../ui/button.tsx';
import { LanguageSelect } from '../../../ui/language-select.tsx';

interface TopBarProps {
  staff: StaffMe;
  navId: string;
  navOpen: boolean;
  onToggleNav: () => void;
  signingOut: boolean;
  onSignOut: () => void;
}

export function TopBar({ staff, navId, navOpen, onToggleNav, signingOut, onSignOut }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <header className="shell-topbar">
      <Button
        variant="ghost"
        className="shell-topbar__menu"
        aria-controls={navId}
        aria-expanded={navOpen}
        onClick={onToggleNav}
      >
        <span className="shell-topbar__menu-icon" aria-hidden="true" />
        {t('shell.menu')}
      </Button>
      <Brand />
      <div className="shell-topbar__end">
        <LanguageSelect className="shell-topbar__language" />
        <p className="shell-topbar__identity">
          <span className="visually-hidden">{t('shell.signedInAs')} </span>
          <span className="shell-topbar__name">{staff.display_name}</span>{' '}
          <span className="shell-topbar__role">{t(`roles.${staff.role}`)}</span>
        </p>
        <Button variant="secondary" busy={signingOut} onClick={onSignOut}>
          {signingOut ? t('shell.signingOut') : t('shell.signOut')}
        </Button>
      </div>
    </header>
  );
}
