import { defineSlice } from './define-slice';

/**
 * The verification flow object of spec §3 ("auth: flow object"). The verification wizard keeps its
 * steps in its own state (features/verification), so nothing sets it today.
 */
export type AuthFlow = Record<string, unknown>;

export interface AuthState {
  flow: AuthFlow | null;
}

const authSlice = defineSlice('auth', { flow: null } as AuthState, {
  /** spec §3 "set by a set-flow action". */
  setFlow: (state, flow: AuthFlow | null): AuthState => ({ ...state, flow }),
});

export const { setFlow } = authSlice.actions;
export const authReducer = authSlice.reducer;
