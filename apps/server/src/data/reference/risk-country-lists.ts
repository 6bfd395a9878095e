/**
 * Issue 18 "Risk score": the country risk lists shipped with the product, as of the latest publication
 * this code was written from (docs/screening.md "Risk score", "Country lists"). Migration 038 loads them
 * into `risk_country_entries`; from then on the table is the truth and admins change it (audited), so a
 * newer FATF plenary or EU amendment is a data change, not a release.
 *
 * `listedSince` is the date the jurisdiction was first publicly identified on that list in its current
 * spell (a FATF plenary, or the EU delegated regulation that added it); null when the publication does
 * not say and we do not know it. `published` is the date of the publication the entry was read from.
 */
export const RISK_LISTS = ['fatf_call_for_action', 'fatf_increased_monitoring', 'eu_high_risk'] as const;
export type RiskList = (typeof RISK_LISTS)[number];

export interface CountryListEntry {
  list: RiskList;
  country: string;
  listedSince: string | null;
  published: string;
  source: string;
}

const FATF_BLACK = {
  published: '2025-10-24',
  source:
    'https://www.fatf-gafi.org/en/publications/High-risk-and-other-monitored-jurisdictions/Call-for-action-october-2025.html',
};
const FATF_GREY = {
  published: '2025-10-24',
  source:
    'https://www.fatf-gafi.org/en/publications/High-risk-and-other-monitored-jurisdictions/increased-monitoring-october-2025.html',
};
/** Delegated Regulation (EU) 2016/1675 as last amended by Delegated Regulation (EU) 2025/1184 (in force 5 August 2025). */
const EU = {
  published: '2025-06-10',
  source:
    'https://eur-lex.europa.eu/eli/reg_del/2016/1675/oj (amended by https://eur-lex.europa.eu/eli/reg_del/2025/1184/oj)',
};

const fatfBlack: [string, string | null][] = [
  ['KP', '2011-02-25'],
  ['IR', '2020-02-21'],
  ['MM', '2022-10-21'],
];

const fatfGrey: [string, string | null][] = [
  ['DZ', '2024-10-25'],
  ['AO', '2024-10-25'],
  ['BO', '2025-06-13'],
  ['BG', '2023-10-27'],
  ['CM', '2023-06-23'],
  ['CI', '2024-10-25'],
  ['CD', '2022-10-21'],
  ['HT', '2021-06-25'],
  ['KE', '2024-02-23'],
  ['LA', '2025-02-21'],
  ['LB', '2024-10-25'],
  ['MC', '2024-06-28'],
  ['NA', '2024-02-23'],
  ['NP', '2025-02-21'],
  ['SS', '2021-06-25'],
  ['SY', '2010-02-18'],
  ['VE', '2024-06-28'],
  ['VN', '2023-06-23'],
  ['VG', '2025-06-13'],
  ['YE', '2010-02-18'],
];

/** Added by 2025/1184 (in force 2025-08-05); the others were on the list before that amendment. */
const EU_2025 = '2025-08-05';
const euHighRisk: [string, string | null][] = [
  ['AF', null],
  ['DZ', EU_2025],
  ['AO', EU_2025],
  ['BF', null],
  ['CM', null],
  ['CI', EU_2025],
  ['CD', null],
  ['HT', null],
  ['KE', EU_2025],
  ['LA', EU_2025],
  ['LB', EU_2025],
  ['ML', null],
  ['MC', EU_2025],
  ['MZ', null],
  ['MM', null],
  ['NA', EU_2025],
  ['NP', EU_2025],
  ['NG', null],
  ['ZA', null],
  ['SS', null],
  ['SY', null],
  ['TZ', null],
  ['TT', null],
  ['VU', null],
  ['VE', EU_2025],
  ['VN', null],
  ['YE', null],
  ['KP', null],
  ['IR', null],
];

export const SHIPPED_COUNTRY_LISTS: readonly CountryListEntry[] = [
  ...fatfBlack.map(([country, listedSince]) => ({
    list: 'fatf_call_for_action' as const,
    country,
    listedSince,
    ...FATF_BLACK,
  })),
  ...fatfGrey.map(([country, listedSince]) => ({
    list: 'fatf_increased_monitoring' as const,
    country,
    listedSince,
    ...FATF_GREY,
  })),
  ...euHighRisk.map(([country, listedSince]) => ({
    list: 'eu_high_risk' as const,
    country,
    listedSince,
    ...EU,
  })),
];
