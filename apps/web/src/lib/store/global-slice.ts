import { defineSlice } from './define-slice';
import type { UserProfile } from '@kyc/contracts';
import { complianceConfigSource, type ComplianceConfig } from './compliance-config-source';

export type { ComplianceConfig } from './compliance-config-source';

/**
 * spec §3 "User object in state": the profile fields, plus what SDK mode adds. In SDK mode the token is
 * the id, hence `number | string`.
 */
export interface GlobalUser extends Partial<Omit<UserProfile, 'id' | 'member_tag'>> {
  id?: number | string;
  member_tag?: { KYC?: string };
  sdkToken?: string;
  sdkLang?: string;
  sdkFrom?: string;
  hidden?: boolean;
  accessOrigin?: string;
  level?: number;
  /** SDK mode: extra parameters of the session; redirect_url is where a finished step may go (spec §2). */
  extraParams?: { redirect_url?: string } & Record<string, unknown>;
}

export interface GlobalState {
  user: GlobalUser;
  /** spec §9: initial rate 1. */
  rate: number;
  /** spec §3: initially the hosting page's compliance configuration object, empty if none. */
  complianceConfig: ComplianceConfig;
  /** spec §4: set when the profile fails to load for any reason other than 10007. */
  profileError: boolean;
}

export function createGlobalInitialState(): GlobalState {
  return { user: {}, rate: 1, complianceConfig: complianceConfigSource().get(), profileError: false };
}

const globalSlice = defineSlice('global', createGlobalInitialState, {
  /** Merges into the user, so that SDK fields and profile fields can arrive separately (spec §4). */
  setUserInfo: (state, user: GlobalUser): GlobalState => ({ ...state, user: { ...state.user, ...user } }),
  setRate: (state, rate: number): GlobalState => ({ ...state, rate }),
  setComplianceConfig: (state, complianceConfig: ComplianceConfig): GlobalState => ({
    ...state,
    complianceConfig,
  }),
  setProfileError: (state, profileError: boolean): GlobalState => ({ ...state, profileError }),
});

export const { setUserInfo, setRate, setComplianceConfig, setProfileError } = globalSlice.actions;
export const globalReducer = globalSlice.reducer;
