import { createAction, type PayloadActionCreator, type Reducer, type UnknownAction } from '@reduxjs/toolkit';

/**
 * A state slice (spec §3) from plain case reducers that return the next state: Redux Toolkit's
 * `createAction` for the action creators (typed, with `.match`), without `createSlice`, whose Immer
 * dependency alone costs about 5.5 KB gzip of the first load (decision D20). Case reducers never
 * mutate: they return a new object, as Redux requires without Immer.
 */
type CaseReducer<S, P> = (state: S, payload: P) => S;

type ActionCreators<R> = {
  [K in keyof R]: R[K] extends (state: never, payload: infer P) => unknown
    ? PayloadActionCreator<P, string>
    : never;
};

export interface Slice<S, R> {
  name: string;
  reducer: Reducer<S>;
  actions: ActionCreators<R>;
}

export function defineSlice<S, R extends Record<string, CaseReducer<S, never>>>(
  name: string,
  initialState: S | (() => S),
  reducers: R,
): Slice<S, R> {
  const init = typeof initialState === 'function' ? (initialState as () => S) : () => initialState;
  const actions: Record<string, PayloadActionCreator<unknown, string>> = {};
  for (const key of Object.keys(reducers)) actions[key] = createAction<unknown>(`${name}/${key}`);

  const prefix = `${name}/`;
  const reducer = (state: S | undefined, action: UnknownAction): S => {
    const current = state === undefined ? init() : state;
    if (!action.type.startsWith(prefix)) return current;
    const key = action.type.slice(prefix.length);
    const handle = Object.hasOwn(reducers, key) ? (reducers[key] as CaseReducer<S, unknown>) : undefined;
    return handle ? handle(current, (action as { payload?: unknown }).payload) : current;
  };
  return { name, reducer: reducer as Reducer<S>, actions: actions as ActionCreators<R> };
}
