import { describe, expect, it } from 'vitest';
import { defineSlice } from './define-slice';

describe('defineSlice (spec §3 slices without Immer)', () => {
  const counter = defineSlice('counter', () => ({ value: 1, label: 'a' }), {
    add: (state, by: number) => ({ ...state, value: state.value + by }),
    rename: (state, label: string) => ({ ...state, label }),
  });

  it('starts from the initial state and answers unknown actions with the same object', () => {
    const state = counter.reducer(undefined, { type: '@@INIT' });
    expect(state).toEqual({ value: 1, label: 'a' });
    expect(counter.reducer(state, { type: 'other/add', payload: 5 })).toBe(state);
    expect(counter.reducer(state, { type: 'counter/unknown' })).toBe(state);
  });

  it('creates typed action creators named slice/case that the reducer applies without mutating', () => {
    const action = counter.actions.add(2);
    expect(action).toEqual({ type: 'counter/add', payload: 2 });
    expect(counter.actions.add.match(action)).toBe(true);
    const before = counter.reducer(undefined, { type: '@@INIT' });
    const after = counter.reducer(before, action);
    expect(after).toEqual({ value: 3, label: 'a' });
    expect(before).toEqual({ value: 1, label: 'a' });
    expect(counter.reducer(after, counter.actions.rename('b')).label).toBe('b');
  });

  it('never treats inherited names as case reducers', () => {
    const state = counter.reducer(undefined, { type: '@@INIT' });
    expect(counter.reducer(state, { type: 'counter/toString' })).toBe(state);
  });
});
