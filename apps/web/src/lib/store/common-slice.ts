import { defineSlice } from './define-slice';

/** spec §3 "common (initially empty)": no screen has needed a field in it. */
export type CommonState = Record<string, unknown>;

const commonSlice = defineSlice('common', {} as CommonState, {});

export const commonReducer = commonSlice.reducer;
