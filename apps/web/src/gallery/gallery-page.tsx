import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_LANGUAGES } from '@kyc/contracts';
import { directionOf, type TextDirection } from '../lib/language/apply';
import { setCurrentLanguage } from '../lib/language/current';
import { LanguageSelect } from '../ui/language-select';
import { NotificationRegion } from '../ui/notification';
import { PageFooter } from '../ui/page-footer';
import { ToastRegion } from '../ui/toast';
import { useIsMobile } from '../ui/use-is-mobile';
import { Wordmark } from '../ui/wordmark';
import { ButtonsSection } from './buttons-section';
import { FieldsSection } from './fields-section';
import { NotificationsSection } from './notifications-section';
import { CardsSection, ErrorStateSection, NumbersSection, SpinnersSection } from './other-sections';
import { ToastsSection } from './toasts-section';
import './gallery.css';

export interface GalleryPageProps {
  initialLanguage: string;
  initialDirection: TextDirection;
}

/** Language and direction are chosen separately, so that mirroring can be checked with any text. */
export function GalleryPage({ initialLanguage, initialDirection }: GalleryPageProps) {
  const { t, i18n } = useTranslation();
  const [language, setLanguage] = useState(initialLanguage);
  const [direction, setDirection] = useState(initialDirection);
  const isMobile = useIsMobile();
  const directionId = useId();

  useEffect(() => {
    setCurrentLanguage(language);
    document.documentElement.lang = language;
    document.documentElement.dir = direction;
    const url = new URL(window.location.href);
    url.searchParams.set('lang', language);
    url.searchParams.set('dir', direction);
    window.history.replaceState(null, '', url);
  }, [language, direction]);

  const changeLanguage = (code: string) => {
    setLanguage(code);
    setDirection(directionOf(code));
    void i18n.changeLanguage(code);
  };

  return (
    <>
      <header className="gallery-header">
        <Wordmark name={t('app.productName')} />
        <div className="gallery-header__controls">
          <LanguageSelect
            id="gallery-language"
            label={t('gallery.controls.language')}
            languages={ALL_LANGUAGES}
            value={language}
            onChange={changeLanguage}
          />
          <div className="language-select">
            <label htmlFor={directionId} className="language-select__label">
              {t('gallery.controls.direction')}
            </label>
            <select
              id={directionId}
              className="language-select__input"
              value={direction}
              onChange={(event) => setDirection(event.target.value === 'rtl' ? 'rtl' : 'ltr')}
            >
              <option value="ltr">{t('gallery.controls.ltr')}</option>
              <option value="rtl">{t('gallery.controls.rtl')}</option>
            </select>
          </div>
        </div>
      </header>
      <main className="page">
        <div className="gallery-intro">
          <h1>{t('gallery.title')}</h1>
          <p className="page__intro">{t('gallery.intro')}</p>
          <p className="gallery-layout">
            {isMobile ? t('gallery.layout.mobile') : t('gallery.layout.desktop')}
          </p>
        </div>
        <ButtonsSection />
        <ToastsSection />
        <NotificationsSection />
        <FieldsSection />
        <CardsSection />
        <SpinnersSection />
        <ErrorStateSection />
        <NumbersSection language={language} />
      </main>
      <PageFooter text={t('gallery.brand.footer')} />
      <ToastRegion />
      <NotificationRegion />
    </>
  );
}
