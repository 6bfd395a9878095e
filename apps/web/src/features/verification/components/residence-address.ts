/**
 * The level-2 residence address (docs/kyc.md "Level 2: residence address"), checked as the server will
 * (contracts residenceAddress): the country, a first line and a city required; lengths capped.
 */
import type { ResidenceAddress } from '@kyc/contracts';

export interface ResidenceAddressDraft {
  country: string;
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
}

export type ResidenceAddressErrors = Partial<Record<keyof ResidenceAddressDraft, 'required' | 'tooLong'>>;

export const ADDRESS_LIMITS = { country: 2, line1: 120, line2: 120, city: 80, postalCode: 20 } as const;
const REQUIRED = ['country', 'line1', 'city'] as const;

export const emptyAddress = (country = ''): ResidenceAddressDraft => ({
  country,
  line1: '',
  line2: '',
  city: '',
  postalCode: '',
});

export function checkResidenceAddress(address: ResidenceAddressDraft): ResidenceAddressErrors {
  const errors: ResidenceAddressErrors = {};
  for (const field of Object.keys(ADDRESS_LIMITS) as (keyof ResidenceAddressDraft)[]) {
    const value = address[field].trim();
    if (!value && (REQUIRED as readonly string[]).includes(field)) errors[field] = 'required';
    else if (value.length > ADDRESS_LIMITS[field]) errors[field] = 'tooLong';
  }
  return errors;
}

/** The address as submit sends it (trimmed; optional lines left out when empty). */
export function toResidence(address: ResidenceAddressDraft): ResidenceAddress {
  const line2 = address.line2.trim();
  const postalCode = address.postalCode.trim();
  return {
    country: address.country,
    line1: address.line1.trim(),
    city: address.city.trim(),
    ...(line2 ? { line2 } : {}),
    ...(postalCode ? { postalCode } : {}),
  };
}
