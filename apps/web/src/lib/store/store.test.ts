// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { analyticsUserId } from './analytics-user';
import { setFlow } from './auth-slice';
import {
  COMPLIANCE_CONFIG_EVENT,
  createComplianceConfigSource,
  resetComplianceConfigSourceForTests,
} from './compliance-config-source';
import { connectComplianceConfig } from './connect-compliance-config';
import { createAppStore } from './create-store';
import { setComplianceConfig, setProfileError, setRate, setUserInfo } from './global-slice';
import { locationChanged } from './router-slice';

describe('client state (spec §3)', () => {
  beforeEach(() => {
    delete window.__COMPLIANCE_CONFIG__;
    delete window.__ANALYTICS_USER_ID__;
    resetComplianceConfigSourceForTests();
  });

  it('spec §3: the slices are router, common (initially empty), auth and global', () => {
    const state = createAppStore().getState();
    expect(Object.keys(state).sort()).toEqual(['auth', 'common', 'global', 'router']);
    expect(state.common).toEqual({});
    expect(state.auth).toEqual({ flow: null });
  });

  it('spec §3: global starts with an empty user, rate 1, no profileError and an empty complianceConfig when the page supplies none', () => {
    expect(createAppStore().getState().global).toEqual({
      user: {},
      rate: 1,
      complianceConfig: {},
      profileError: false,
    });
  });

  it('spec §3: complianceConfig starts as the hosting page’s compliance configuration object', () => {
    window.__COMPLIANCE_CONFIG__ = { showPoa: true, region: 'EU' };
    resetComplianceConfigSourceForTests();
    expect(createAppStore().getState().global.complianceConfig).toEqual({ showPoa: true, region: 'EU' });
  });

  it('spec §3: set-flow sets the auth flow object', () => {
    const store = createAppStore();
    store.dispatch(setFlow({ flowName: 'Level1_web' }));
    expect(store.getState().auth.flow).toEqual({ flowName: 'Level1_web' });
  });

  it('spec §3: set user info merges into the user; set rate and set compliance config replace their values', () => {
    const store = createAppStore();
    store.dispatch(setUserInfo({ id: 7, email: 'a***@example.com' }));
    store.dispatch(setUserInfo({ sdkLang: 'de-DE' }));
    store.dispatch(setRate(0.5));
    store.dispatch(setComplianceConfig({ a: 1 }));
    store.dispatch(setProfileError(true));
    expect(store.getState().global).toEqual({
      user: { id: 7, email: 'a***@example.com', sdkLang: 'de-DE' },
      rate: 0.5,
      complianceConfig: { a: 1 },
      profileError: true,
    });
  });

  it('spec §3: the router slice mirrors the location', () => {
    const store = createAppStore();
    store.dispatch(locationChanged({ pathname: '/en/auth/kyc', search: '?a=1', hash: '' }));
    expect(store.getState().router).toEqual({ pathname: '/en/auth/kyc', search: '?a=1', hash: '' });
  });

  it('spec §3: when the user id is set, it is copied to the global analytics user id', () => {
    const store = createAppStore();
    expect(analyticsUserId()).toBeUndefined();
    store.dispatch(setRate(2));
    expect(window.__ANALYTICS_USER_ID__).toBeUndefined();
    store.dispatch(setUserInfo({ id: 4242 }));
    expect(window.__ANALYTICS_USER_ID__).toBe('4242');
    // SDK mode: the token is the id.
    store.dispatch(setUserInfo({ id: 'sdk-token-1' }));
    expect(analyticsUserId()).toBe('sdk-token-1');
  });
});

describe('compliance configuration (spec §3, §4)', () => {
  afterEach(() => {
    delete window.__COMPLIANCE_CONFIG__;
    resetComplianceConfigSourceForTests();
  });

  it('spec §3: the source starts from window.__COMPLIANCE_CONFIG__ and ignores a value that is not an object', () => {
    window.__COMPLIANCE_CONFIG__ = { a: 1 };
    expect(createComplianceConfigSource(window).get()).toEqual({ a: 1 });
    (window as { __COMPLIANCE_CONFIG__?: unknown }).__COMPLIANCE_CONFIG__ = 'nonsense';
    expect(createComplianceConfigSource(window).get()).toEqual({});
  });

  it('spec §4: later updates from the hosting page (kyc:compliance-config event) reach the subscribers', () => {
    const source = createComplianceConfigSource(window);
    const seen: unknown[] = [];
    const stop = source.subscribe((config) => seen.push(config));
    window.dispatchEvent(new CustomEvent(COMPLIANCE_CONFIG_EVENT, { detail: { b: 2 } }));
    window.dispatchEvent(new CustomEvent(COMPLIANCE_CONFIG_EVENT, { detail: 'not an object' }));
    stop();
    source.publish({ c: 3 });
    expect(seen).toEqual([{ b: 2 }]);
  });

  it('spec §4: before a user id exists nothing is subscribed; once it exists, updates are dispatched and sub_attribute is set', () => {
    const source = createComplianceConfigSource(undefined);
    source.publish({ level: 'basic' });
    const store = createAppStore();
    const disconnect = connectComplianceConfig(store, source);

    source.publish({ level: 'changed-before-login' });
    expect(store.getState().global.complianceConfig).toEqual({});

    store.dispatch(setUserInfo({ id: 1001, sub_attribute: 'retail' }));
    expect(store.getState().global.complianceConfig).toEqual({
      level: 'changed-before-login',
      sub_attribute: 'retail',
    });
    expect(source.get()).toMatchObject({ sub_attribute: 'retail' });

    source.publish({ level: 'advanced', sub_attribute: 'retail' });
    expect(store.getState().global.complianceConfig).toEqual({ level: 'advanced', sub_attribute: 'retail' });

    store.dispatch(setUserInfo({ sub_attribute: 'pro' }));
    expect(store.getState().global.complianceConfig).toEqual({ level: 'advanced', sub_attribute: 'pro' });

    disconnect();
    source.publish({ level: 'after' });
    expect(store.getState().global.complianceConfig).toEqual({ level: 'advanced', sub_attribute: 'pro' });
  });

  it('spec §4: a configuration replaced by the hosting page keeps the sub_attribute the app set', () => {
    const source = createComplianceConfigSource(window);
    source.setSubAttribute('retail');
    window.dispatchEvent(new CustomEvent(COMPLIANCE_CONFIG_EVENT, { detail: { fresh: true } }));
    expect(source.get()).toEqual({ fresh: true, sub_attribute: 'retail' });
  });
});
