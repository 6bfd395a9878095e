import { defineSlice } from './define-slice';

/** spec §3 "common (initially empty)"; its fields arrive with the issues that need them. */
export type CommonState = Record<string, unknown>;

const commonSlice = defineSlice('common', {} as CommonState, {});

export const commonReducer = commonSlice.reducer;
