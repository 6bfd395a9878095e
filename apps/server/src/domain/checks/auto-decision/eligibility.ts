/**
 * The rule of the in-house provider's automatic decisions (issue 19 "Automatic decisions"; docs/checks.md
 * "Automatic decisions", D102). Pure: the stored check results, the screening status, the risk level and
 * the site's setting in; approve, reject by a hard rule, or leave to a person (with why) out.
 *
 * - Hard rules (a rejection the person can act on, FAILED_AND_CAN_RETRY): an expired document (the expiry
 *   check fails: DOCUMENT_EXPIRED), an image the server could not use after the capture step's own checks
 *   and retries (the quality check fails, or the document photo does not decode or is blank:
 *   BLURRY_IMAGE). Nothing else that fails is rejected by the machine.
 * - Approval: every required check passes — with margin where a check has a score and a threshold —
 *   (the faces among them: the machine never approves without having compared them; the liveness
 *   challenge among them, D116: one that ran and that the server did not confirm — warn, fail, timed
 *   out, skipped, no camera — is never approved by the machine; a selfie that came without any
 *   challenge is too when `livenessRequired`, else it does not block), every other stored check (any
 *   added later) passes too, screening is clear, the risk is low.
 * - After the person's correction step (D112): a field the person corrected never allows an approval
 *   (the corrected value is their word against the document's): a person decides. A zone they typed,
 *   whose check digits passed and which agrees with what they typed, may be approved (the evidence says
 *   it was typed). The hard rules apply either way.
 * - Either only on a site whose setting allows automatic decisions.
 */
import type { AutoDecisionEvidence, CheckDetail, CheckName, CheckOutcome } from '@kyc/contracts';

/** The checks an approval needs, each present and passing. */
export const REQUIRED_CHECKS: readonly CheckName[] = [
  'quality',
  'mrz',
  'data_match',
  'expiry',
  'face_match',
  'liveness',
  'duplicate_document',
  'duplicate_face',
];

/** A scored check with a threshold must clear it by this share of the threshold (higher is better). */
export const SCORE_MARGIN = 0.1;

/** Why the document photo could not be used at all (mrz_not_readable reasons): a hard rule. */
const UNUSABLE_IMAGE = ['unreadable_image', 'blank_image'];

export interface StoredCheck {
  name: CheckName;
  outcome: CheckOutcome;
  score: number | null;
  threshold: number | null;
  detail: CheckDetail | null;
}

export interface EligibilityInput {
  checks: readonly StoredCheck[];
  screening: AutoDecisionEvidence['screening'];
  /** Null when not known (no assessment). */
  risk: AutoDecisionEvidence['risk'];
  siteAllows: boolean;
  /** The fields the person corrected in the correction step (D112); none by default. */
  corrected?: readonly string[];
  /**
   * D116 (AUTO_DECISION_LIVENESS): whether a selfie without a liveness challenge (liveness not_run with
   * no_challenge, or no liveness row: a run stored before the check existed) blocks. True by default
   * here; the setting's default (`if_run`) passes false.
   */
  livenessRequired?: boolean;
}

/** Why a case is left to a person: each blocking fact, as data (logged, and shown in tests). */
export type RouteReason =
  | { why: 'site_setting' }
  | { why: 'check'; name: CheckName; outcome: CheckOutcome | 'missing' | 'no_margin' }
  | { why: 'screening'; status: AutoDecisionEvidence['screening'] }
  | { why: 'risk'; level: AutoDecisionEvidence['risk'] }
  | { why: 'corrected'; fields: string[] };

export type Judgement =
  | { kind: 'approve'; evidence: AutoDecisionEvidence }
  | {
      kind: 'reject';
      reasonCode: 'DOCUMENT_EXPIRED' | 'BLURRY_IMAGE';
      evidence: AutoDecisionEvidence;
    }
  | { kind: 'person'; reasons: RouteReason[] };

const withMargin = (c: StoredCheck) =>
  c.score === null || c.threshold === null || c.score >= c.threshold + SCORE_MARGIN * Math.abs(c.threshold);

function hardRule(checks: readonly StoredCheck[]): 'expired_document' | 'unreadable_image' | null {
  const byName = (name: CheckName) => checks.find((c) => c.name === name);
  if (byName('expiry')?.outcome === 'fail') return 'expired_document';
  if (byName('quality')?.outcome === 'fail') return 'unreadable_image';
  const mrz = byName('mrz');
  if (mrz?.detail?.code === 'mrz_not_readable' && UNUSABLE_IMAGE.includes(mrz.detail.reason))
    return 'unreadable_image';
  return null;
}

export function judge(input: EligibilityInput): Judgement {
  const { checks, screening, risk } = input;
  const zoneTyped = checks.some(
    (c) => c.name === 'mrz' && c.detail?.code === 'mrz_read' && c.detail.source === 'typed',
  );
  const evidenceOf = (rule: AutoDecisionEvidence['rule']): AutoDecisionEvidence => ({
    rule,
    checks: checks.map((c) => ({ name: c.name, outcome: c.outcome })),
    screening,
    risk,
    ...(zoneTyped ? { zoneTyped: true } : {}),
  });
  if (!input.siteAllows) return { kind: 'person', reasons: [{ why: 'site_setting' }] };
  const rule = hardRule(checks);
  if (rule)
    return {
      kind: 'reject',
      reasonCode: rule === 'expired_document' ? 'DOCUMENT_EXPIRED' : 'BLURRY_IMAGE',
      evidence: evidenceOf(rule),
    };
  const reasons: RouteReason[] = [];
  const livenessRequired = input.livenessRequired ?? true;
  const noChallenge = (c: StoredCheck) =>
    c.name === 'liveness' &&
    c.outcome === 'not_run' &&
    c.detail?.code === 'not_run' &&
    c.detail.reason === 'no_challenge';
  for (const name of REQUIRED_CHECKS)
    if (!checks.some((c) => c.name === name) && (livenessRequired || name !== 'liveness'))
      reasons.push({ why: 'check', name, outcome: 'missing' });
  for (const c of checks) {
    if (!livenessRequired && noChallenge(c)) continue;
    if (c.outcome !== 'pass') reasons.push({ why: 'check', name: c.name, outcome: c.outcome });
    else if (!withMargin(c)) reasons.push({ why: 'check', name: c.name, outcome: 'no_margin' });
  }
  const corrected = input.corrected ?? [];
  if (corrected.length > 0) reasons.push({ why: 'corrected', fields: [...corrected] });
  if (screening !== 'clear') reasons.push({ why: 'screening', status: screening });
  if (risk !== 'low') reasons.push({ why: 'risk', level: risk });
  return reasons.length === 0
    ? { kind: 'approve', evidence: evidenceOf('clean') }
    : { kind: 'person', reasons };
}
