/**
 * How the back office names a verification provider (issue 13): the vendors by their own brand names
 * (not translated, like a country code), the in-house flow and `aai` in the page language. The case
 * page (vendor panel, decisions by a vendor) and the provider routing page share it.
 */
import { useTranslation } from 'react-i18next';
import type { KycProvider, VerificationVendor } from '@kyc/contracts';

export const VENDOR_BRANDS: Record<VerificationVendor, string> = {
  sumsub: 'Sumsub',
  onfido: 'Onfido',
  jumio: 'Jumio',
};

export function isVendor(provider: string): provider is VerificationVendor {
  return provider in VENDOR_BRANDS;
}

/** A provider's name in the page language: "Sumsub", "In-house flow", "AAI (served by …)". */
export function useProviderLabel(): (provider: KycProvider | VerificationVendor) => string {
  const { t } = useTranslation();
  return (provider) => {
    if (isVendor(provider)) return VENDOR_BRANDS[provider];
    return provider === 'aai' ? t('providers.aai') : t('providers.default');
  };
}
