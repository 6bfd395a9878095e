import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserProfile } from '@kyc/contracts';

/**
 * spec §3 "User object in state": the profile fields, plus what SDK mode adds (issue 3). In SDK mode
 * the token is the id, hence `number | string`.
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
  extraParams?: { redirect_url?: string };
}

/** The compliance configuration the hosting page may supply (spec §3). */
export type ComplianceConfig = Record<string, unknown>;

declare global {
  interface Window {
    __COMPLIANCE_CONFIG__?: ComplianceConfig;
  }
}

export interface GlobalState {
  user: GlobalUser;
  /** spec §9: initial rate 1. */
  rate: number;
  complianceConfig: ComplianceConfig;
  /** spec §4: set when the profile fails to load for any reason other than 10007. */
  profileError: boolean;
}

function hostComplianceConfig(): ComplianceConfig {
  if (typeof window === 'undefined') return {};
  const supplied = window.__COMPLIANCE_CONFIG__;
  return supplied !== null && typeof supplied === 'object' ? supplied : {};
}

export function createGlobalInitialState(): GlobalState {
  return { user: {}, rate: 1, complianceConfig: hostComplianceConfig(), profileError: false };
}

const globalSlice = createSlice({
  name: 'global',
  initialState: createGlobalInitialState,
  reducers: {
    /** Merges into the user, so that SDK fields and profile fields can arrive separately (spec §4). */
    setUserInfo(state, action: PayloadAction<GlobalUser>) {
      state.user = { ...state.user, ...action.payload };
    },
    setRate(state, action: PayloadAction<number>) {
      state.rate = action.payload;
    },
    setComplianceConfig(state, action: PayloadAction<ComplianceConfig>) {
      state.complianceConfig = action.payload;
    },
    setProfileError(state, action: PayloadAction<boolean>) {
      state.profileError = action.payload;
    },
  },
});

export const { setUserInfo, setRate, setComplianceConfig, setProfileError } = globalSlice.actions;
export const globalReducer = globalSlice.reducer;
