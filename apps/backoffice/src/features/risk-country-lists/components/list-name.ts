/** A country risk list's name in the page language, a literal key per list (no computed keys). */
import { useTranslation } from 'react-i18next';
import type { RiskCountryListName } from '../api/country-lists.ts';

export function useListName(): (list: RiskCountryListName) => string {
  const { t } = useTranslation();
  return (list) => {
    switch (list) {
      case 'fatf_call_for_action':
        return t('riskCountryLists.lists.fatf_call_for_action');
      case 'fatf_increased_monitoring':
        return t('riskCountryLists.lists.fatf_increased_monitoring');
      case 'eu_high_risk':
        return t('riskCountryLists.lists.eu_high_risk');
    }
  };
}
