import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { authReducer } from './auth-slice';
import { commonReducer } from './common-slice';
import { globalReducer } from './global-slice';
import { routerReducer } from './router-slice';

/** spec §3: the four client state slices. */
export const rootReducer = combineReducers({
  router: routerReducer,
  common: commonReducer,
  auth: authReducer,
  global: globalReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function createAppStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
