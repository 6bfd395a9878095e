import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';

/** A key of the screen titles ('screens.kyc'); SCREENS' titleKey values must be among them. */
export type ScreenTitleKey = Extract<ParseKeys<'user-accounts'>, `screens.${string}`>;

/** Sets the document title to "{page} · KYC Portal" (translated). */
export function useDocumentTitle(pageTitle: string): void {
  const { t } = useTranslation();
  const documentTitle = t('app.documentTitle', { screen: pageTitle });
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
}

/** The translated title of a screen, which also becomes the document title. */
export function useScreenTitle(titleKey: ScreenTitleKey): string {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  return title;
}
