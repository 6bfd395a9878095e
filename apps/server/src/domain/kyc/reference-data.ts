/**
 * The reference data the verification screens need (docs/kyc.md, docs/countries.md): the documents an
 * issuing country offers, the providers, levels, document types and custody kinds, whether the caller's
 * country (from the trusted proxy) is open to verification, and the country list. From the country
 * catalogue in memory; nothing of the person.
 */
import {
  CUSTODY_KINDS,
  DOCUMENT_TYPES,
  KYC_PROVIDERS,
  flowNameOf,
  isCountryClosedReason,
  type CountryEntry,
  type DocumentType,
  type IpCountryResult,
  type KycConfigResult,
  type SupportedDocumentTypeResult,
} from '@kyc/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { CountryCatalogue } from '../countries/country-catalogue.ts';

const asDocuments = (v: readonly string[]): DocumentType[] => DOCUMENT_TYPES.filter((d) => v.includes(d));

export function kycReferenceUseCases(countries: Pick<CountryCatalogue, 'all' | 'find'>) {
  return {
    /** The documents an issuing country offers; 30003 for an unknown or closed country. */
    async supportedDocumentTypes(country: string): Promise<SupportedDocumentTypeResult> {
      const found = await countries.find(country);
      if (!found)
        throw new AppError('KYC_COUNTRY_NOT_SUPPORTED', `country ${country} is not open to verification`);
      if (found.kycDisabled)
        throw new AppError(
          'KYC_COUNTRY_NOT_SUPPORTED',
          `country ${found.code} is closed: ${found.closedReason}`,
        );
      return { country: found.code, documentTypes: asDocuments(found.documentTypes) };
    },

    config(): KycConfigResult {
      return {
        defaultProvider: 'default',
        providers: [...KYC_PROVIDERS],
        levels: [
          { level: 0, name: 'LEVEL_DEFAULT', flowName: '' },
          { level: 1, name: 'LEVEL_1', flowName: flowNameOf(1) },
          { level: 2, name: 'LEVEL_2', flowName: flowNameOf(2) },
        ],
        documentTypes: [...DOCUMENT_TYPES],
        custodyKinds: [...CUSTODY_KINDS],
      };
    },

    /** countryCode: from the trusted proxy's header ('' when unknown); supported: open to verification. */
    async ipCountry(countryCode: string): Promise<IpCountryResult> {
      const codes = (await countries.all()).filter((c) => !c.kycDisabled).map((c) => c.code);
      return { countryCode, supported: codes.includes(countryCode), supportedCountryCodes: codes };
    },

    /** Every country with its state (is_disable=1), or the offered ones; docs/countries.md. */
    async countryList(includeDisabled: boolean): Promise<CountryEntry[]> {
      const list = (await countries.all()).filter((c) => includeDisabled || !c.kycDisabled);
      return list.map((c) => ({
        code: c.code,
        alpha3: c.alpha3,
        nameKey: c.nameKey,
        isDisabled: c.kycDisabled,
        state: c.kycDisabled ? 'closed' : 'offered',
        closedReason: c.kycDisabled && isCountryClosedReason(c.closedReason) ? c.closedReason : '',
        documentTypes: asDocuments(c.documentTypes),
      }));
    },
  };
}
