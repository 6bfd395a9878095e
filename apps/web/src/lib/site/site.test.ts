// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { resetRuntimeConfigForTests } from '../config/runtime-config';
import { pageLanguages } from '../language/page-languages';
import { DEFAULT_HELP_CENTER_BASE, helpCenterArticleLinks, helpCenterHref } from './help-center';
import { currentSite, currentSiteProfile, resolveSite } from './site';

describe('site of the page (spec §1, §4)', () => {
  afterEach(() => resetRuntimeConfigForTests());

  it.each([
    ['kyc.example.hk', 'HKG'],
    ['kyc.example.ae', 'ARE'],
    ['kyc.example.tr', 'TUR'],
    ['kyc.example.kz', 'KAZ'],
    ['kyc.example.eu', 'EU'],
    ['kyc.example.ge', 'GEO'],
    ['kyc.example.id', 'IDN'],
    ['kyc.example.com', 'GLOBAL'],
    ['localhost', 'GLOBAL'],
  ])('spec §1, §4: without a pinned site, the host %s selects %s', (hostname, site) => {
    expect(resolveSite({ hostname })).toBe(site);
  });

  it('spec §1: a site pinned by the server (runtime configuration, setting SITE) wins over the host', () => {
    expect(resolveSite({ pinned: 'HKG', hostname: 'localhost' })).toBe('HKG');
    expect(resolveSite({ pinned: 'tur', hostname: 'kyc.example.hk' })).toBe('TUR');
  });

  it('spec §1: a pinned value that is not a site code is ignored', () => {
    expect(resolveSite({ pinned: 'MARS', hostname: 'kyc.example.ae' })).toBe('ARE');
    expect(resolveSite({ pinned: '', hostname: 'localhost' })).toBe('GLOBAL');
  });

  it('spec §1: the page reads the pinned site from its runtime configuration; regulated = HKG, TUR, KAZ, EU', () => {
    resetRuntimeConfigForTests({ site: 'KAZ' });
    expect(currentSite()).toBe('KAZ');
    expect(currentSiteProfile().regulated).toBe(true);
    resetRuntimeConfigForTests({ site: 'GEO' });
    expect(currentSiteProfile()).toMatchObject({ site: 'GEO', regulated: false });
    resetRuntimeConfigForTests({});
    expect(currentSite()).toBe('GLOBAL'); // jsdom's host is localhost
  });

  it('spec §4, §9: the languages offered follow the site: Hong Kong en-HK and zh-HK (default zh-HK), Emirates adds ar-SA', () => {
    resetRuntimeConfigForTests({ site: 'HKG' });
    expect(pageLanguages().languages.map((l) => l.code)).toEqual(['en-HK', 'zh-HK']);
    expect(pageLanguages().defaultLanguage).toBe('zh-HK');
    expect(pageLanguages('ARE').languages.map((l) => l.code)).toContain('ar-SA');
    expect(pageLanguages('GLOBAL').languages.map((l) => l.code)).not.toContain('ar-SA');
    expect(pageLanguages('TUR').defaultLanguage).toBe('en');
  });
});

describe('help-center links (spec §2)', () => {
  afterEach(() => resetRuntimeConfigForTests());

  it('spec §2: identity transfer, web form issue report, detail, FAQ, guide and failure reasons come from the runtime configuration', () => {
    const links = helpCenterArticleLinks({
      helpCenter: {
        identityTransfer: '/help/identity-transfer',
        webFormIssueReport: 'https://help.example.com/report',
        detail: '/help/kyc-detail',
        faq: '/help/kyc-faq',
        guide: '/help/kyc-guide',
        commonFailureReasons: '/help/common-kyc-failure-reasons',
      },
    });
    expect(links.map((l) => l.article)).toEqual([
      'identityTransfer',
      'webFormIssueReport',
      'detail',
      'faq',
      'guide',
      'commonFailureReasons',
    ]);
    expect(links[1]).toEqual({ article: 'webFormIssueReport', href: 'https://help.example.com/report' });
  });

  it('spec §2: without configuration, or with an unsafe value, a link points at our own /help/', () => {
    expect(DEFAULT_HELP_CENTER_BASE).toBe('/help/');
    expect(helpCenterHref('faq', {})).toBe('/help/kyc-faq');
    expect(helpCenterHref('guide', { helpCenter: { guide: 'javascript:alert(1)' } })).toBe('/help/kyc-guide');
    expect(helpCenterHref('guide', { helpCenter: { guide: '//evil.example/x' } })).toBe('/help/kyc-guide');
    resetRuntimeConfigForTests({ helpCenter: { faq: '/support/faq' } });
    expect(helpCenterHref('faq')).toBe('/support/faq');
  });

  it("issue 10: on the portal's own help centre a link carries the page's language; an external one stays as configured", () => {
    const config = {
      helpCenter: {
        faq: '/help/kyc-faq',
        webFormIssueReport: 'https://help.example.com/report',
      },
    };
    expect(helpCenterHref('faq', config, 'de-DE')).toBe('/help/de-DE/kyc-faq');
    expect(helpCenterHref('guide', {}, 'ar-SA')).toBe('/help/ar-SA/kyc-guide');
    expect(helpCenterHref('webFormIssueReport', config, 'de-DE')).toBe('https://help.example.com/report');
    expect(helpCenterArticleLinks(config, 'ja-JP').map((l) => l.href)).toEqual([
      '/help/ja-JP/identity-transfer',
      'https://help.example.com/report',
      '/help/ja-JP/kyc-detail',
      '/help/ja-JP/kyc-faq',
      '/help/ja-JP/kyc-guide',
      '/help/ja-JP/common-kyc-failure-reasons',
    ]);
  });
});
