import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The verification flow in progress (spec §3 "auth: flow object"); its shape comes with issue 4. */
export type AuthFlow = Record<string, unknown>;

export interface AuthState {
  flow: AuthFlow | null;
}

const initialState: AuthState = { flow: null };

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    setFlow(state, action: PayloadAction<AuthFlow | null>) {
      state.flow = action.payload;
    },
  },
});

export const { setFlow } = authSlice.actions;
export const authReducer = authSlice.reducer;
