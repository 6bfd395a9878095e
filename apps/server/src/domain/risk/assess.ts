/**
 * assessRisk (docs/screening.md "Risk score"): a person's risk level from explainable factors, each with
 * its points and its source, under one version of the weights. Pure: the caller reads the inputs
 * (risk-service.ts) and stores the result.
 *
 * Factors:
 * - country: the document's issuing country, the nationality and the residence, each distinct (country,
 *   list) once, naming which of the three it is, the list and since when;
 * - questionnaire answers (aml-200, residence-info, edd as submitted): PEP, PEP relative or close
 *   associate, US person, third-party control, source of funds, expected monthly volume;
 * - screening hits: open (or awaiting the second reviewer), cleared as a false positive, a true match
 *   (high at once, whatever the points);
 * - document checks (issue 19, the latest checked submission): the MRZ disagreeing with what was typed,
 *   an expired document, the same document on another account, an MRZ that could not be read.
 */
import { RISK_UNUSUAL_FUNDS, type CheckDetail, type RiskFactorAbout } from '@kyc/contracts';
import type { RiskWeights, RiskFactorCode } from './weights.ts';

export type RiskLevel = 'low' | 'medium' | 'high';
export type CountryRole = 'document' | 'nationality' | 'residence';
export type CountryRiskList = 'fatf_call_for_action' | 'fatf_increased_monitoring' | 'eu_high_risk';

export interface RiskFactor {
  code: RiskFactorCode;
  points: number;
  /** What about the person raised it, as data: the back office words it in the reader's language. */
  about: RiskFactorAbout;
  /** The same in English words, for the audit trail and the person's own data copy. */
  detail: string;
  /** Where it comes from: the list and its publication, the questionnaire and question, the hit. */
  source: string;
}

export interface CountryListing {
  list: CountryRiskList;
  country: string;
  listedSince: string | null;
  published: string;
  source: string;
}

/** One submitted questionnaire's answers (the latest submission of its template that was not rejected). */
export interface SubmittedAnswers {
  templateCode: string;
  version: number;
  submittedAt: number;
  answers: Record<string, unknown>;
}

export interface RiskHit {
  id: number;
  list: string;
  entryId: string;
  category: string;
  state: 'open' | 'pending_confirmation' | 'cleared' | 'confirmed_false_positive' | 'true_match';
}

export interface RiskInputs {
  /** The countries we hold for the person (ISO alpha-2), by what they are; several per role allowed. */
  countries: { role: CountryRole; country: string }[];
  /** The country list entries of those countries (the caller reads only these). */
  listings: CountryListing[];
  /** Submitted questionnaires, by template code (aml-200, residence-info, edd). */
  questionnaires: SubmittedAnswers[];
  hits: RiskHit[];
  /** The results of the person's latest checked submission (issue 19), their clear detail only. */
  documentChecks: RiskDocumentCheck[];
}

export interface RiskDocumentCheck {
  submissionId: number;
  checkedAt: number;
  name: string;
  outcome: 'pass' | 'warn' | 'fail' | 'not_run';
  detail: CheckDetail;
}

export interface RiskResult {
  level: RiskLevel;
  points: number;
  factors: RiskFactor[];
  weightsVersion: number;
}

const LIST_NAMES: Record<CountryRiskList, string> = {
  fatf_call_for_action: 'FATF high-risk jurisdictions subject to a call for action',
  fatf_increased_monitoring: 'FATF jurisdictions under increased monitoring',
  eu_high_risk: 'EU high-risk third countries (Delegated Regulation (EU) 2016/1675)',
};
const LIST_FACTOR: Record<CountryRiskList, RiskFactorCode> = {
  fatf_call_for_action: 'country_fatf_call_for_action',
  fatf_increased_monitoring: 'country_fatf_increased_monitoring',
  eu_high_risk: 'country_eu_high_risk',
};

const yes = (v: unknown) => v === true || v === 'yes' || v === 'true';
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function countryFactors(inputs: RiskInputs, w: RiskWeights): RiskFactor[] {
  const factors: RiskFactor[] = [];
  const lists = Object.keys(LIST_NAMES) as CountryRiskList[];
  const countries = [...new Set(inputs.countries.map((c) => c.country.toUpperCase()).filter(Boolean))].sort();
  for (const country of countries) {
    const roles = [
      ...new Set(inputs.countries.filter((c) => c.country.toUpperCase() === country).map((c) => c.role)),
    ];
    for (const list of lists) {
      const entry = inputs.listings.find((l) => l.list === list && l.country.toUpperCase() === country);
      if (!entry) continue;
      const code = LIST_FACTOR[list];
      const since = entry.listedSince ? ` since ${entry.listedSince}` : '';
      factors.push({
        code,
        points: w.factors[code],
        about: { kind: 'country', country, roles, listedSince: entry.listedSince },
        detail: `${country} (${roles.join(', ')}) is on the ${LIST_NAMES[list]}${since}`,
        source: `${LIST_NAMES[list]}, published ${entry.published}: ${entry.source}`,
      });
    }
  }
  return factors;
}

/** Which answer of which template makes which factor (docs/screening.md "Risk score" table). */
function answerFactors(inputs: RiskInputs, w: RiskWeights): RiskFactor[] {
  const factors: RiskFactor[] = [];
  const byCode = new Map(inputs.questionnaires.map((q) => [q.templateCode, q]));
  const sourceOf = (q: SubmittedAnswers, question: string) =>
    `questionnaire ${q.templateCode} v${q.version}, question ${question}, submitted ${day(q.submittedAt)}`;
  const add = (code: RiskFactorCode, about: RiskFactorAbout, detail: string, source: string) =>
    factors.push({ code, points: w.factors[code], about, detail, source });
  const declared = (what: 'pep' | 'pep_related' | 'us_person' | 'acting_for_third_party') =>
    ({ kind: 'declared', what }) as const;

  const aml = byCode.get('aml-200');
  const residence = byCode.get('residence-info');
  const edd = byCode.get('edd');
  if (aml && yes(aml.answers.is_pep))
    add('pep', declared('pep'), 'declared a politically exposed person', sourceOf(aml, 'is_pep'));
  if (aml && yes(aml.answers.is_pep_related))
    add(
      'pep_related',
      declared('pep_related'),
      'declared a family member or close associate of a politically exposed person',
      sourceOf(aml, 'is_pep_related'),
    );
  const usFrom = [aml, residence].find((q) => q && yes(q.answers.us_person));
  if (usFrom)
    add('us_person', declared('us_person'), 'declared a US person (FATCA)', sourceOf(usFrom, 'us_person'));
  if (aml && yes(aml.answers.acting_for_third_party))
    add(
      'third_party_control',
      declared('acting_for_third_party'),
      'declared acting for a third party',
      sourceOf(aml, 'acting_for_third_party'),
    );
  else if (edd && edd.answers.deposit_origin === 'third_party')
    add(
      'third_party_control',
      { kind: 'third_party_funds' },
      "funds come from a third party's account",
      sourceOf(edd, 'deposit_origin'),
    );
  const funds = aml?.answers.source_of_funds;
  const unusual = Array.isArray(funds) ? RISK_UNUSUAL_FUNDS.filter((f) => funds.includes(f)) : [];
  if (aml && unusual.length > 0)
    add(
      'source_of_funds',
      { kind: 'source_of_funds', funds: unusual },
      `source of funds: ${unusual.join(', ')}`,
      sourceOf(aml, 'source_of_funds'),
    );
  const volume = aml?.answers.monthly_volume;
  if (aml && volume === 'from_50k_to_250k')
    add(
      'expected_volume_high',
      { kind: 'monthly_volume', band: volume },
      'expected monthly volume 50 000–250 000',
      sourceOf(aml, 'monthly_volume'),
    );
  if (aml && volume === 'over_250k')
    add(
      'expected_volume_very_high',
      { kind: 'monthly_volume', band: volume },
      'expected monthly volume over 250 000',
      sourceOf(aml, 'monthly_volume'),
    );
  return factors;
}

function hitFactors(inputs: RiskInputs, w: RiskWeights): RiskFactor[] {
  return inputs.hits.map((h): RiskFactor => {
    const source = `screening hit ${h.id}: ${h.list} entry ${h.entryId} (${h.category})`;
    if (h.state === 'true_match')
      return {
        code: 'screening_true_match',
        points: w.factors.screening_true_match,
        about: { kind: 'screening_hit', state: 'true_match' },
        detail: 'confirmed true match',
        source,
      };
    if (h.state === 'open' || h.state === 'pending_confirmation')
      return {
        code: 'screening_open_hit',
        points: w.factors.screening_open_hit,
        about: { kind: 'screening_hit', state: h.state },
        detail: h.state === 'open' ? 'open potential match' : 'cleared, awaiting the second reviewer',
        source,
      };
    return {
      code: 'screening_cleared_hit',
      points: w.factors.screening_cleared_hit,
      about: { kind: 'screening_hit', state: 'cleared' },
      detail: 'cleared as a false positive',
      source,
    };
  });
}

/** Failing and warning document checks (docs/screening.md "Risk score", "Document checks"). */
function documentFactors(inputs: RiskInputs, w: RiskWeights): RiskFactor[] {
  const factors: RiskFactor[] = [];
  for (const check of inputs.documentChecks) {
    const source = `document check ${check.name} of submission ${check.submissionId}, checked ${day(check.checkedAt)}`;
    const add = (code: RiskFactorCode, about: RiskFactorAbout, detail: string) =>
      factors.push({ code, points: w.factors[code], about, detail, source });
    const { detail } = check;
    if (check.name === 'data_match' && check.outcome === 'fail' && detail.code === 'data_compared') {
      const fields = detail.fields.filter((f) => f.outcome === 'disagrees').map((f) => f.field);
      add(
        'document_data_mismatch',
        { kind: 'document_data_mismatch', fields },
        `the document's MRZ disagrees with what was typed: ${fields.join(', ')}`,
      );
    } else if (check.name === 'expiry' && check.outcome === 'fail')
      add('document_expired', { kind: 'document_expired' }, 'the document has expired');
    else if (check.name === 'duplicate_document' && check.outcome === 'fail') {
      const others = detail.code === 'duplicate_document' ? detail.otherAccounts : 0;
      add(
        'document_duplicate',
        { kind: 'document_duplicate', otherAccounts: others },
        `the same document is on ${others} other account(s)`,
      );
    } else if (check.name === 'mrz' && check.outcome === 'warn' && detail.code === 'mrz_not_readable')
      add(
        'document_mrz_unreadable',
        { kind: 'document_mrz_unreadable', reason: detail.reason },
        `the document's MRZ could not be read (${detail.reason})`,
      );
  }
  return factors;
}

export function levelOf(points: number, w: Pick<RiskWeights, 'thresholds'>): RiskLevel {
  if (points >= w.thresholds.high) return 'high';
  if (points >= w.thresholds.medium) return 'medium';
  return 'low';
}

export function assessRisk(inputs: RiskInputs, weights: RiskWeights): RiskResult {
  const factors = [
    ...countryFactors(inputs, weights),
    ...answerFactors(inputs, weights),
    ...hitFactors(inputs, weights),
    ...documentFactors(inputs, weights),
  ];
  const points = factors.reduce((sum, f) => sum + f.points, 0);
  const trueMatch = factors.some((f) => f.code === 'screening_true_match');
  return {
    level: trueMatch ? 'high' : levelOf(points, weights),
    points,
    factors,
    weightsVersion: weights.version,
  };
}

/** Whether two results say the same (the stored one is current): only a change writes a new row. */
export function sameResult(a: Omit<RiskResult, 'factors'> & { factors: readonly unknown[] }, b: RiskResult) {
  return (
    a.level === b.level &&
    a.points === b.points &&
    a.weightsVersion === b.weightsVersion &&
    JSON.stringify(a.factors) === JSON.stringify(b.factors)
  );
}
