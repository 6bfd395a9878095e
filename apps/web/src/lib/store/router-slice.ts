import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** spec §3 "router": the current location, mirrored from React Router so non-React code can read it. */
export interface RouterState {
  pathname: string;
  search: string;
  hash: string;
}

const initialState: RouterState = { pathname: '', search: '', hash: '' };

const routerSlice = createSlice({
  name: 'router',
  initialState,
  reducers: {
    locationChanged(_state, action: PayloadAction<RouterState>) {
      return action.payload;
    },
  },
});

export const { locationChanged } = routerSlice.actions;
export const routerReducer = routerSlice.reducer;
