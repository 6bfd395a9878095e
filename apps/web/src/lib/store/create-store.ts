import { combineReducers, configureStore, type Middleware } from '@reduxjs/toolkit';
import { setAnalyticsUserId } from './analytics-user';
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

/**
 * spec §3 "its id is copied to a global analytics user id when set": after every action that changes
 * global.user.id, the new id goes to the analytics id (lib/store/analytics-user.ts). Reducers stay pure.
 */
const copyUserIdToAnalytics: Middleware<object, RootState> = (api) => (next) => (action) => {
  const before = api.getState().global.user.id;
  const result = next(action);
  const after = api.getState().global.user.id;
  if (after !== before) setAnalyticsUserId(after);
  return result;
};

export function createAppStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(copyUserIdToAnalytics),
  });
  const id = store.getState().global.user.id;
  if (id !== undefined) setAnalyticsUserId(id);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
