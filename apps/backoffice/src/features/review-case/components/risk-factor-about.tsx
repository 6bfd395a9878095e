import { useTranslation } from 'react-i18next';
import { formattingLocale, type RiskFactorAbout } from '@kyc/contracts';
import { countryName, formatCalendarDate } from '../../../lib/format.ts';
import { MrzReasonName } from './check-words.tsx';

type Role = Extract<RiskFactorAbout, { kind: 'country' }>['roles'][number];
type Fund = Extract<RiskFactorAbout, { kind: 'source_of_funds' }>['funds'][number];
type Field = Extract<RiskFactorAbout, { kind: 'document_data_mismatch' }>['fields'][number];

/** Literal keys per value (the keys test refuses computed keys). */
function useRoleName(): (role: Role) => string {
  const { t } = useTranslation();
  return (role) => {
    if (role === 'document') return t('case.risk.about.roles.document');
    if (role === 'nationality') return t('case.risk.about.roles.nationality');
    return t('case.risk.about.roles.residence');
  };
}

function useFundName(): (fund: Fund) => string {
  const { t } = useTranslation();
  return (fund) => {
    if (fund === 'gift') return t('case.risk.about.funds.gift');
    if (fund === 'crypto_activity') return t('case.risk.about.funds.crypto_activity');
    return t('case.risk.about.funds.other');
  };
}

/** A compared field's name as text (the Checks panel's words), to be joined the language's way. */
function useFieldText(): (field: Field) => string {
  const { t } = useTranslation();
  return (field) => {
    switch (field) {
      case 'lastName':
        return t('case.checks.fields.lastName');
      case 'firstName':
        return t('case.checks.fields.firstName');
      case 'dateOfBirth':
        return t('case.checks.fields.dateOfBirth');
      case 'nationality':
        return t('case.checks.fields.nationality');
      case 'issuingCountry':
        return t('case.checks.fields.issuingCountry');
      case 'documentNumber':
        return t('case.checks.fields.documentNumber');
      case 'documentType':
        return t('case.checks.fields.documentType');
      case 'expiryDate':
        return t('case.checks.fields.expiryDate');
    }
  };
}

/**
 * What about the person raised a risk factor, in the reader's language (issue 18, docs/screening.md
 * "Risk score"): the server sends it as data (`about`), never as English words. Country names come from
 * the platform, lists of roles and funds are joined the language's way, numbers in Western digits (D34).
 */
export function RiskFactorAboutText({ about }: { about: RiskFactorAbout }) {
  const { t, i18n } = useTranslation();
  const roleName = useRoleName();
  const fundName = useFundName();
  const fieldText = useFieldText();
  const list = (items: string[]) =>
    new Intl.ListFormat(formattingLocale(i18n.language), { type: 'conjunction' }).format(items);
  const amount = (n: number) => new Intl.NumberFormat(formattingLocale(i18n.language)).format(n);
  switch (about.kind) {
    case 'country': {
      const values = {
        country: countryName(about.country, i18n.language),
        roles: list(about.roles.map(roleName)),
      };
      return about.listedSince
        ? t('case.risk.about.countrySince', {
            ...values,
            since: formatCalendarDate(about.listedSince, i18n.language),
          })
        : t('case.risk.about.country', values);
    }
    case 'declared':
      if (about.what === 'pep') return t('case.risk.about.declared.pep');
      if (about.what === 'pep_related') return t('case.risk.about.declared.pep_related');
      if (about.what === 'us_person') return t('case.risk.about.declared.us_person');
      return t('case.risk.about.declared.acting_for_third_party');
    case 'third_party_funds':
      return t('case.risk.about.thirdPartyFunds');
    case 'source_of_funds':
      return t('case.risk.about.sourceOfFunds', { funds: list(about.funds.map(fundName)) });
    case 'monthly_volume':
      return about.band === 'over_250k'
        ? t('case.risk.about.volumeOver', { amount: amount(250_000) })
        : t('case.risk.about.volumeBetween', { from: amount(50_000), to: amount(250_000) });
    case 'screening_hit':
      if (about.state === 'open') return t('case.risk.about.hit.open');
      if (about.state === 'pending_confirmation') return t('case.risk.about.hit.pending_confirmation');
      if (about.state === 'true_match') return t('case.risk.about.hit.true_match');
      return t('case.risk.about.hit.cleared');
    case 'document_data_mismatch':
      return t('case.risk.about.documentMismatch', { fields: list(about.fields.map(fieldText)) });
    case 'document_expired':
      return t('case.risk.about.documentExpired');
    case 'document_duplicate':
      return t('case.risk.about.documentDuplicate', { accounts: amount(about.otherAccounts) });
    case 'document_mrz_unreadable':
      return <MrzReasonName reason={about.reason} />;
  }
}
