import { createSlice } from '@reduxjs/toolkit';

/** spec §3 "common (initially empty)"; its fields arrive with the issues that need them. */
export type CommonState = Record<string, unknown>;

const commonSlice = createSlice({
  name: 'common',
  initialState: {} as CommonState,
  reducers: {},
});

export const commonReducer = commonSlice.reducer;
