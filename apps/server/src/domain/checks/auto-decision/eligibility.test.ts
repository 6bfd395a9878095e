import { describe, expect, it } from 'vitest';
import { judge, type EligibilityInput, type StoredCheck } from './eligibility.ts';

const pass = (name: StoredCheck['name']): StoredCheck => ({
  name,
  outcome: 'pass',
  score: null,
  threshold: null,
  detail: null,
});
const CLEAN: StoredCheck[] = [
  'quality',
  'mrz',
  'data_match',
  'expiry',
  'face_match',
  'liveness',
  'duplicate_document',
  'duplicate_face',
].map((n) => pass(n as StoredCheck['name']));
const input = (over: Partial<EligibilityInput> = {}): EligibilityInput => ({
  checks: CLEAN,
  screening: 'clear',
  risk: 'low',
  siteAllows: true,
  ...over,
});
const replace = (name: StoredCheck['name'], with_: Partial<StoredCheck>) =>
  CLEAN.map((c) => (c.name === name ? { ...c, ...with_ } : c));

describe('the automatic decision rule', () => {
  it('when every check passes, screening is clear, risk is low and the site allows it, then it approves with the evidence', () => {
    expect(judge(input())).toEqual({
      kind: 'approve',
      evidence: {
        rule: 'clean',
        checks: CLEAN.map((c) => ({ name: c.name, outcome: 'pass' })),
        screening: 'clear',
        risk: 'low',
      },
    });
  });

  it('when the site does not allow it, then a person decides, even an expired document', () => {
    expect(judge(input({ siteAllows: false }))).toEqual({
      kind: 'person',
      reasons: [{ why: 'site_setting' }],
    });
    const expired = replace('expiry', { outcome: 'fail' });
    expect(judge(input({ siteAllows: false, checks: expired })).kind).toBe('person');
  });

  it('when the risk is medium or unknown, or screening is not clear, then a person decides and is told why', () => {
    expect(judge(input({ risk: 'medium' }))).toEqual({
      kind: 'person',
      reasons: [{ why: 'risk', level: 'medium' }],
    });
    expect(judge(input({ risk: null })).kind).toBe('person');
    for (const status of ['open_hit', 'true_match', 'not_screened'] as const)
      expect(judge(input({ screening: status }))).toEqual({
        kind: 'person',
        reasons: [{ why: 'screening', status }],
      });
  });

  it('when a check warns, fails (not a hard rule) or is missing, then a person decides with each reason', () => {
    const warned = replace('mrz', {
      outcome: 'warn',
      detail: { code: 'mrz_not_readable', reason: 'no_zone' },
    });
    expect(judge(input({ checks: warned }))).toEqual({
      kind: 'person',
      reasons: [{ why: 'check', name: 'mrz', outcome: 'warn' }],
    });
    const mismatch = replace('data_match', { outcome: 'fail' });
    expect(judge(input({ checks: mismatch, risk: 'high' }))).toEqual({
      kind: 'person',
      reasons: [
        { why: 'check', name: 'data_match', outcome: 'fail' },
        { why: 'risk', level: 'high' },
      ],
    });
    const duplicate = replace('duplicate_document', { outcome: 'fail' });
    expect(judge(input({ checks: duplicate })).kind).toBe('person');
    expect(judge(input({ checks: CLEAN.filter((c) => c.name !== 'duplicate_document') }))).toEqual({
      kind: 'person',
      reasons: [{ why: 'check', name: 'duplicate_document', outcome: 'missing' }],
    });
  });

  it('when the faces were not compared, do not match with margin, or a further check (liveness) is not a pass, then a person decides', () => {
    const face = (over: Partial<StoredCheck>) => replace('face_match', over);
    expect(judge(input({ checks: face({ outcome: 'not_run' }) })).kind).toBe('person');
    expect(judge(input({ checks: face({ outcome: 'warn' }) })).kind).toBe('person');
    expect(judge(input({ checks: face({ score: 0.42, threshold: 0.4 }) }))).toEqual({
      kind: 'person',
      reasons: [{ why: 'check', name: 'face_match', outcome: 'no_margin' }],
    });
    expect(judge(input({ checks: face({ score: 0.79, threshold: 0.4 }) })).kind).toBe('approve');
    // Built faces are required: a run without them (an old run, a failed face step) is never approved.
    expect(judge(input({ checks: CLEAN.filter((c) => c.name !== 'face_match') }))).toEqual({
      kind: 'person',
      reasons: [{ why: 'check', name: 'face_match', outcome: 'missing' }],
    });
  });

  it('when liveness warns, fails, did not run or is missing, then a person decides (told why), and it never rejects on its own (D116)', () => {
    for (const outcome of ['warn', 'fail', 'not_run'] as const)
      expect(judge(input({ checks: replace('liveness', { outcome }) }))).toEqual({
        kind: 'person',
        reasons: [{ why: 'check', name: 'liveness', outcome }],
      });
    expect(judge(input({ checks: CLEAN.filter((c) => c.name !== 'liveness') }))).toEqual({
      kind: 'person',
      reasons: [{ why: 'check', name: 'liveness', outcome: 'missing' }],
    });
  });

  it('when liveness is required only if it ran (AUTO_DECISION_LIVENESS=if_run), then a selfie without a challenge does not block, but a challenge that ran must still pass', () => {
    const notRun = (reason: 'no_challenge' | 'timed_out' | 'skipped' | 'no_camera') =>
      replace('liveness', { outcome: 'not_run', detail: { code: 'not_run', reason } });
    expect(judge(input({ livenessRequired: false, checks: notRun('no_challenge') })).kind).toBe('approve');
    expect(
      judge(input({ livenessRequired: false, checks: CLEAN.filter((c) => c.name !== 'liveness') })).kind,
    ).toBe('approve');
    for (const reason of ['timed_out', 'skipped', 'no_camera'] as const)
      expect(judge(input({ livenessRequired: false, checks: notRun(reason) }))).toEqual({
        kind: 'person',
        reasons: [{ why: 'check', name: 'liveness', outcome: 'not_run' }],
      });
    for (const outcome of ['warn', 'fail'] as const)
      expect(judge(input({ livenessRequired: false, checks: replace('liveness', { outcome }) })).kind).toBe(
        'person',
      );
    // Required (the rule's default): no challenge blocks.
    expect(judge(input({ checks: notRun('no_challenge') })).kind).toBe('person');
  });

  it('when the document has expired, then it rejects for a retry as DOCUMENT_EXPIRED, whatever the screening and risk', () => {
    const judged = judge(
      input({ checks: replace('expiry', { outcome: 'fail' }), risk: 'high', screening: 'open_hit' }),
    );
    expect(judged).toMatchObject({
      kind: 'reject',
      reasonCode: 'DOCUMENT_EXPIRED',
      evidence: { rule: 'expired_document', screening: 'open_hit', risk: 'high' },
    });
  });

  it('when an image is unusable (quality fails, or the photo is blank or does not decode), then it rejects as BLURRY_IMAGE', () => {
    expect(judge(input({ checks: replace('quality', { outcome: 'fail' }) }))).toMatchObject({
      kind: 'reject',
      reasonCode: 'BLURRY_IMAGE',
      evidence: { rule: 'unreadable_image' },
    });
    for (const reason of ['blank_image', 'unreadable_image'] as const)
      expect(
        judge(
          input({
            checks: replace('mrz', { outcome: 'warn', detail: { code: 'mrz_not_readable', reason } }),
          }),
        ),
      ).toMatchObject({ kind: 'reject', reasonCode: 'BLURRY_IMAGE' });
  });

  it('when the person corrected a field in the correction step (D112), then a person decides, while an expired document is still rejected', () => {
    expect(judge(input({ corrected: ['dateOfBirth'] }))).toEqual({
      kind: 'person',
      reasons: [{ why: 'corrected', fields: ['dateOfBirth'] }],
    });
    const expired = replace('expiry', { outcome: 'fail' });
    expect(judge(input({ checks: expired, corrected: ['lastName'] }))).toMatchObject({
      kind: 'reject',
      reasonCode: 'DOCUMENT_EXPIRED',
    });
  });

  it('when the zone was typed by the person and every check passes, then it approves and the evidence says the zone was typed', () => {
    const typed = replace('mrz', {
      detail: { code: 'mrz_read', format: 'TD3', side: 'front', repairs: 0, source: 'typed' },
    });
    expect(judge(input({ checks: typed }))).toMatchObject({
      kind: 'approve',
      evidence: { rule: 'clean', zoneTyped: true },
    });
    expect(judge(input())).not.toHaveProperty('evidence.zoneTyped');
  });
});
