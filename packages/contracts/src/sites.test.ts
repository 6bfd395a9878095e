import { describe, expect, it } from 'vitest';
import {
  HELP_CENTER_ARTICLES,
  helpCenterLinks,
  isRegulatedSite,
  isSiteCode,
  localizedHelpLink,
  SITE_CODES,
  siteFromHost,
  siteProfile,
} from './sites.ts';

describe('sites (spec §1)', () => {
  it('spec §1: the site variants are HKG, TUR, ARE, KAZ, EU, GEO and IDN, plus the default GLOBAL', () => {
    expect([...SITE_CODES].sort()).toEqual(['ARE', 'EU', 'GEO', 'GLOBAL', 'HKG', 'IDN', 'KAZ', 'TUR']);
    expect(isSiteCode('HKG')).toBe(true);
    expect(isSiteCode('hkg')).toBe(false);
    expect(isSiteCode('USA')).toBe(false);
  });

  it('spec §1: HKG, TUR, KAZ and EU count as regulated sites, the others do not', () => {
    for (const site of SITE_CODES) {
      expect(siteProfile(site).regulated, site).toBe(['HKG', 'TUR', 'KAZ', 'EU'].includes(site));
      expect(isRegulatedSite(site), site).toBe(['HKG', 'TUR', 'KAZ', 'EU'].includes(site));
    }
  });

  it.each([
    ['www.example.hk', 'HKG'],
    ['www.example.ae', 'ARE'],
    ['www.example.tr', 'TUR'],
    ['www.example.kz', 'KAZ'],
    ['www.example.eu', 'EU'],
    ['www.example.ge', 'GEO'],
    ['www.example.id', 'IDN'],
    ['WWW.EXAMPLE.HK.', 'HKG'],
    ['www.example.com', 'GLOBAL'],
    ['localhost', 'GLOBAL'],
    ['127.0.0.1', 'GLOBAL'],
    ['hk.example.com', 'GLOBAL'],
  ])('spec §1, §4: the host %s selects the site %s', (host, site) => {
    expect(siteFromHost(host)).toBe(site);
  });

  it('spec §4: Hong Kong offers only en-HK and zh-HK with zh-HK as default', () => {
    const { languages } = siteProfile('HKG');
    expect(languages.languages.map((l) => l.code)).toEqual(['en-HK', 'zh-HK']);
    expect(languages.defaultLanguage).toBe('zh-HK');
  });

  it('spec §4: the Emirates variant also offers ar-SA; every other site offers the default list with en', () => {
    expect(siteProfile('ARE').languages.languages.map((l) => l.code)).toContain('ar-SA');
    for (const site of SITE_CODES.filter((s) => s !== 'HKG' && s !== 'ARE')) {
      const { languages, defaultLanguage } = siteProfile(site).languages;
      expect(defaultLanguage, site).toBe('en');
      expect(
        languages.map((l) => l.code),
        site,
      ).not.toContain('ar-SA');
      expect(languages, site).toHaveLength(13);
    }
  });

  it('spec §2: help-center links exist for identity transfer, web form issue report, detail, FAQ, guide and failure reasons', () => {
    expect(Object.keys(HELP_CENTER_ARTICLES).sort()).toEqual(
      ['commonFailureReasons', 'detail', 'faq', 'guide', 'identityTransfer', 'webFormIssueReport'].sort(),
    );
    expect(helpCenterLinks('/help')).toMatchObject({
      faq: '/help/kyc-faq',
      identityTransfer: '/help/identity-transfer',
    });
    expect(helpCenterLinks('https://help.example.com/kyc/').guide).toBe(
      'https://help.example.com/kyc/kyc-guide',
    );
  });
});

describe('localizedHelpLink (issue 10)', () => {
  it("puts the page's language into a link of the portal's own help centre, and leaves others alone", () => {
    expect(localizedHelpLink('/help/kyc-faq', 'de-DE')).toBe('/help/de-DE/kyc-faq');
    expect(localizedHelpLink('/help/not-an-article', 'de-DE')).toBe('/help/not-an-article');
    expect(localizedHelpLink('https://help.example.com/kyc-faq', 'de-DE')).toBe(
      'https://help.example.com/kyc-faq',
    );
    expect(localizedHelpLink('/support/kyc-faq', 'de-DE')).toBe('/support/kyc-faq');
  });
});
