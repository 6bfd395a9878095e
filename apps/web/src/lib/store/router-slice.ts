import { defineSlice } from './define-slice';

/** spec §3 "router": the current location, mirrored from React Router so non-React code can read it. */
export interface RouterState {
  pathname: string;
  search: string;
  hash: string;
}

const routerSlice = defineSlice('router', { pathname: '', search: '', hash: '' } as RouterState, {
  locationChanged: (_state, location: RouterState): RouterState => location,
});

export const { locationChanged } = routerSlice.actions;
export const routerReducer = routerSlice.reducer;
