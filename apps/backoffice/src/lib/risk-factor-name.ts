/**
 * A risk factor's name in the page language (case.risk.factors.*), for the case's Risk panel and the risk
 * weights page alike; a literal key per code (the keys test refuses computed keys).
 */
import { useTranslation } from 'react-i18next';
import type { RiskFactorCodeName } from '@kyc/contracts';

export function useFactorName(): (code: RiskFactorCodeName) => string {
  const { t } = useTranslation();
  return (code) => {
    switch (code) {
      case 'country_fatf_call_for_action':
        return t('case.risk.factors.country_fatf_call_for_action');
      case 'country_fatf_increased_monitoring':
        return t('case.risk.factors.country_fatf_increased_monitoring');
      case 'country_eu_high_risk':
        return t('case.risk.factors.country_eu_high_risk');
      case 'pep':
        return t('case.risk.factors.pep');
      case 'pep_related':
        return t('case.risk.factors.pep_related');
      case 'us_person':
        return t('case.risk.factors.us_person');
      case 'third_party_control':
        return t('case.risk.factors.third_party_control');
      case 'source_of_funds':
        return t('case.risk.factors.source_of_funds');
      case 'expected_volume_high':
        return t('case.risk.factors.expected_volume_high');
      case 'expected_volume_very_high':
        return t('case.risk.factors.expected_volume_very_high');
      case 'screening_open_hit':
        return t('case.risk.factors.screening_open_hit');
      case 'screening_cleared_hit':
        return t('case.risk.factors.screening_cleared_hit');
      case 'screening_true_match':
        return t('case.risk.factors.screening_true_match');
      case 'document_data_mismatch':
        return t('case.risk.factors.document_data_mismatch');
      case 'document_expired':
        return t('case.risk.factors.document_expired');
      case 'document_duplicate':
        return t('case.risk.factors.document_duplicate');
      case 'document_mrz_unreadable':
        return t('case.risk.factors.document_mrz_unreadable');
    }
  };
}
