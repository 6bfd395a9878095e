import { describe, expect, it } from 'vitest';
import { SHIPPED_RISK_WEIGHTS } from '../../data/reference/risk-weights.ts';
import { SHIPPED_COUNTRY_LISTS } from '../../data/reference/risk-country-lists.ts';
import { assessRisk, levelOf, sameResult, type RiskInputs } from './assess.ts';
import type { RiskWeights } from './weights.ts';

const weights: RiskWeights = {
  version: 3,
  factors: { ...SHIPPED_RISK_WEIGHTS.factors },
  thresholds: { ...SHIPPED_RISK_WEIGHTS.thresholds },
};

const none: RiskInputs = { countries: [], listings: [], questionnaires: [], hits: [], documentChecks: [] };
const listingsOf = (...countries: string[]) =>
  SHIPPED_COUNTRY_LISTS.filter((e) => countries.includes(e.country));
const aml = (answers: Record<string, unknown>) => ({
  templateCode: 'aml-200',
  version: 1,
  submittedAt: Date.UTC(2026, 10, 1),
  answers,
});

describe('assessRisk', () => {
  it('is low with no factor, naming the weights version', () => {
    expect(assessRisk(none, weights)).toEqual({ level: 'low', points: 0, factors: [], weightsVersion: 3 });
  });

  it('a FATF call-for-action country is high, the factor naming the roles, list, date and source', () => {
    const r = assessRisk(
      {
        ...none,
        countries: [
          { role: 'document', country: 'IR' },
          { role: 'nationality', country: 'ir' },
          { role: 'residence', country: 'DE' },
        ],
        listings: listingsOf('IR', 'DE'),
      },
      weights,
    );
    expect(r.level).toBe('high');
    const black = r.factors.find((f) => f.code === 'country_fatf_call_for_action');
    expect(black).toEqual({
      code: 'country_fatf_call_for_action',
      points: 100,
      about: {
        kind: 'country',
        country: 'IR',
        roles: ['document', 'nationality'],
        listedSince: '2020-02-21',
      },
      detail:
        'IR (document, nationality) is on the FATF high-risk jurisdictions subject to a call for action since 2020-02-21',
      source: expect.stringMatching(/published 2025-10-24: https:\/\/www\.fatf-gafi\.org\//),
    });
    // Iran is on the EU list too (no date known): one factor per list, each country counted once per list.
    const eu = r.factors.filter((f) => f.code === 'country_eu_high_risk');
    expect(eu).toHaveLength(1);
    expect(eu[0]?.detail).toBe(
      'IR (document, nationality) is on the EU high-risk third countries (Delegated Regulation (EU) 2016/1675)',
    );
    expect(r.points).toBe(130);
  });

  it('an increased-monitoring residence is a factor of its own weight', () => {
    const r = assessRisk(
      { ...none, countries: [{ role: 'residence', country: 'BG' }], listings: listingsOf('BG') },
      weights,
    );
    expect(r.factors.map((f) => [f.code, f.points])).toEqual([['country_fatf_increased_monitoring', 30]]);
    expect(r.factors[0]?.detail).toContain('since 2023-10-27');
    expect(r.level).toBe('medium');
  });

  it('maps each questionnaire answer to its factor, with the question as source', () => {
    const r = assessRisk(
      {
        ...none,
        questionnaires: [
          aml({
            is_pep: true,
            is_pep_related: true,
            us_person: false,
            acting_for_third_party: true,
            source_of_funds: ['salary', 'gift', 'other'],
            monthly_volume: 'over_250k',
          }),
          { templateCode: 'residence-info', version: 1, submittedAt: 0, answers: { us_person: true } },
        ],
      },
      weights,
    );
    expect(r.factors.map((f) => [f.code, f.points])).toEqual([
      ['pep', 40],
      ['pep_related', 25],
      ['us_person', 10],
      ['third_party_control', 30],
      ['source_of_funds', 10],
      ['expected_volume_very_high', 25],
    ]);
    expect(r.factors[0]?.source).toBe('questionnaire aml-200 v1, question is_pep, submitted 2026-11-01');
    expect(r.factors[2]?.source).toContain('residence-info');
    expect(r.factors[4]?.detail).toBe('source of funds: gift, other');
    expect(r.factors.map((f) => f.about)).toEqual([
      { kind: 'declared', what: 'pep' },
      { kind: 'declared', what: 'pep_related' },
      { kind: 'declared', what: 'us_person' },
      { kind: 'declared', what: 'acting_for_third_party' },
      { kind: 'source_of_funds', funds: ['gift', 'other'] },
      { kind: 'monthly_volume', band: 'over_250k' },
    ]);
    expect(r.level).toBe('high');
  });

  it('ordinary answers raise nothing; 50k–250k a month is the lower volume factor', () => {
    const plain = aml({
      is_pep: false,
      is_pep_related: false,
      us_person: false,
      acting_for_third_party: false,
      source_of_funds: ['salary'],
      monthly_volume: 'from_50k_to_250k',
    });
    const r = assessRisk({ ...none, questionnaires: [plain] }, weights);
    expect(r.factors.map((f) => f.code)).toEqual(['expected_volume_high']);
    expect(r.level).toBe('low');
  });

  it('an EDD deposit from a third party is third-party control', () => {
    const r = assessRisk(
      {
        ...none,
        questionnaires: [
          { templateCode: 'edd', version: 1, submittedAt: 0, answers: { deposit_origin: 'third_party' } },
        ],
      },
      weights,
    );
    expect(r.factors.map((f) => [f.code, f.about])).toEqual([
      ['third_party_control', { kind: 'third_party_funds' }],
    ]);
  });

  it('screening: an open hit counts, a cleared one is shown with its (zero) points', () => {
    const hit = { id: 7, list: 'ofac-sdn.xml', entryId: '91001', category: 'sanctions' };
    const open = assessRisk({ ...none, hits: [{ ...hit, state: 'open' }] }, weights);
    expect(open.factors).toEqual([
      {
        code: 'screening_open_hit',
        points: 40,
        about: { kind: 'screening_hit', state: 'open' },
        detail: 'open potential match',
        source: 'screening hit 7: ofac-sdn.xml entry 91001 (sanctions)',
      },
    ]);
    expect(open.level).toBe('medium');
    const cleared = assessRisk({ ...none, hits: [{ ...hit, state: 'confirmed_false_positive' }] }, weights);
    expect(cleared.factors.map((f) => [f.code, f.points, f.detail])).toEqual([
      ['screening_cleared_hit', 0, 'cleared as a false positive'],
    ]);
    expect(cleared.level).toBe('low');
  });

  it('a true match is high at once, whatever its weight', () => {
    const zero: RiskWeights = { ...weights, factors: { ...weights.factors, screening_true_match: 0 } };
    const r = assessRisk(
      {
        ...none,
        hits: [{ id: 1, list: 'un.xml', entryId: 'QDi.1', category: 'sanctions', state: 'true_match' }],
      },
      zero,
    );
    expect(r).toMatchObject({ level: 'high', points: 0 });
    expect(r.factors[0]?.code).toBe('screening_true_match');
  });

  it('levels from the thresholds, inclusive', () => {
    const t = { thresholds: { medium: 25, high: 60 } };
    expect([0, 24, 25, 59, 60, 500].map((p) => levelOf(p, t))).toEqual([
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
    ]);
  });

  it('the weights are data: other points move the level', () => {
    const lenient: RiskWeights = { ...weights, version: 4, thresholds: { medium: 50, high: 200 } };
    const inputs = {
      ...none,
      countries: [{ role: 'nationality' as const, country: 'KP' }],
      listings: listingsOf('KP'),
    };
    expect(assessRisk(inputs, weights).level).toBe('high');
    expect(assessRisk(inputs, lenient).level).toBe('medium');
  });

  it('sameResult tells an unchanged result from a changed one', () => {
    const a = assessRisk(
      { ...none, hits: [{ id: 1, list: 'l', entryId: 'e', category: 'pep', state: 'open' }] },
      weights,
    );
    expect(
      sameResult(
        a,
        assessRisk(
          { ...none, hits: [{ id: 1, list: 'l', entryId: 'e', category: 'pep', state: 'open' }] },
          weights,
        ),
      ),
    ).toBe(true);
    expect(sameResult(a, assessRisk(none, weights))).toBe(false);
    expect(sameResult(a, { ...a, weightsVersion: 9 })).toBe(false);
  });
});

describe('assessRisk: document checks as factors', () => {
  const at = Date.UTC(2026, 10, 2);
  const check = (
    name: string,
    outcome: 'pass' | 'warn' | 'fail' | 'not_run',
    detail: RiskInputs['documentChecks'][number]['detail'],
  ) => ({ submissionId: 7, checkedAt: at, name, outcome, detail });

  it('a disagreeing MRZ, an expired document and a duplicate are factors with their points, fields and source', () => {
    const r = assessRisk(
      {
        ...none,
        documentChecks: [
          check('quality', 'pass', { code: 'image_quality', images: [] }),
          check('mrz', 'pass', { code: 'mrz_read', format: 'TD3', side: 'front', repairs: 0 }),
          check('data_match', 'fail', {
            code: 'data_compared',
            fields: [
              { field: 'lastName', outcome: 'agrees', typed: null, document: null },
              { field: 'dateOfBirth', outcome: 'disagrees', typed: null, document: null },
              { field: 'nationality', outcome: 'not_comparable', typed: null, document: null },
            ],
          }),
          check('expiry', 'fail', { code: 'expiry_date', expired: true, expiryDate: null }),
          check('duplicate_document', 'fail', { code: 'duplicate_document', otherAccounts: 2 }),
        ],
      },
      weights,
    );
    expect(r.factors.map((f) => [f.code, f.points, f.about])).toEqual([
      ['document_data_mismatch', 30, { kind: 'document_data_mismatch', fields: ['dateOfBirth'] }],
      ['document_expired', 25, { kind: 'document_expired' }],
      ['document_duplicate', 40, { kind: 'document_duplicate', otherAccounts: 2 }],
    ]);
    expect(r.factors[0]?.source).toBe('document check data_match of submission 7, checked 2026-11-02');
    expect(r).toMatchObject({ points: 95, level: 'high' });
  });

  it('an MRZ not readable is a warning factor; passing checks and checks not run add nothing', () => {
    const unreadable = assessRisk(
      {
        ...none,
        documentChecks: [
          check('mrz', 'warn', { code: 'mrz_not_readable', reason: 'no_zone' }),
          check('data_match', 'not_run', { code: 'not_run', reason: 'mrz_not_read' }),
          check('expiry', 'not_run', { code: 'not_run', reason: 'mrz_not_read' }),
        ],
      },
      weights,
    );
    expect(unreadable.factors.map((f) => [f.code, f.about])).toEqual([
      ['document_mrz_unreadable', { kind: 'document_mrz_unreadable', reason: 'no_zone' }],
    ]);
    expect(unreadable).toMatchObject({ points: 10, level: 'low' });
    const clean = assessRisk(
      {
        ...none,
        documentChecks: [
          check('expiry', 'pass', { code: 'expiry_date', expired: false, expiryDate: null }),
          check('duplicate_document', 'pass', { code: 'duplicate_document', otherAccounts: 0 }),
        ],
      },
      weights,
    );
    expect(clean.factors).toEqual([]);
  });
});
