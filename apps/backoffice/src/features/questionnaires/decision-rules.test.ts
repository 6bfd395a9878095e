import { describe, expect, it } from 'vitest';
import { hasAny, responseActions, satosActions } from './decision-rules.ts';
import { eddResponse, response, satos, staff } from './test/fixtures.ts';

describe('responseActions', () => {
  it('when a staff-reviewed response is PENDING, then a reviewer may only take it for review', () => {
    expect(responseActions(response({ status: 'PENDING' }), staff('reviewer'))).toEqual({
      lock: true,
      release: false,
      approve: false,
      reject: false,
      requestInfo: false,
      passNeedsSenior: false,
    });
  });

  it('when it is locked, then reviewers, senior reviewers and admins may release, approve, reject or ask for more', () => {
    for (const role of ['reviewer', 'senior_reviewer', 'admin'] as const) {
      expect(responseActions(response({ status: 'PENDING_NO_EDIT' }), staff(role))).toEqual({
        lock: false,
        release: true,
        approve: true,
        reject: true,
        requestInfo: true,
        passNeedsSenior: false,
      });
    }
  });

  it('when it is decided, then only a request for information (the RFI reopen) is offered', () => {
    for (const status of ['APPROVED', 'REJECTED'] as const) {
      const actions = responseActions(response({ status }), staff('reviewer'));
      expect(actions).toMatchObject({ lock: false, release: false, approve: false, reject: false });
      expect(actions.requestInfo).toBe(true);
    }
  });

  it('when nothing is submitted, then nothing is offered', () => {
    for (const status of ['UNDEFINED', 'UNSUBMIT'] as const) {
      expect(hasAny(responseActions(response({ status }), staff('admin')))).toBe(false);
    }
  });

  it('when the staff member is an auditor, then nothing is offered', () => {
    expect(hasAny(responseActions(response({ status: 'PENDING_NO_EDIT' }), staff('auditor')))).toBe(false);
  });

  it('when the template is decided automatically (a test, an agreement), then staff decide nothing', () => {
    const test = response({
      status: 'PENDING',
      template: {
        code: 'crypto-knowledge-test',
        version: 1,
        kind: 'test',
        review: 'auto',
        title: 'crypto-knowledge-test.title',
      },
    });
    expect(hasAny(responseActions(test, staff('admin')))).toBe(false);
  });

  it('when an EDD case of a politically exposed person is reviewed, then a reviewer cannot pass it, a senior can', () => {
    const byReviewer = responseActions(eddResponse(true), staff('reviewer'));
    expect(byReviewer.approve).toBe(false);
    expect(byReviewer.passNeedsSenior).toBe(true);
    expect(byReviewer.reject).toBe(true);
    expect(byReviewer.requestInfo).toBe(true);

    const bySenior = responseActions(eddResponse(true), staff('senior_reviewer'));
    expect(bySenior.approve).toBe(true);
    expect(bySenior.passNeedsSenior).toBe(false);
    expect(responseActions(eddResponse(true), staff('admin')).approve).toBe(true);
    expect(responseActions(eddResponse(false), staff('reviewer')).approve).toBe(true);
  });

  it('when the EDD case is not Reviewing, then it cannot be decided', () => {
    const view = eddResponse(false);
    const passed = { ...view, edd: view.edd ? { ...view.edd, status: 'Pass' as const } : null };
    expect(responseActions(passed, staff('senior_reviewer'))).toMatchObject({
      approve: false,
      reject: false,
      requestInfo: false,
      release: true,
    });
  });

  it('when the template is the SATOS deposit verification, then decisions are per deposit only', () => {
    const view = response({
      status: 'PENDING',
      template: { code: 'satos-deposit', version: 1, kind: 'questionnaire', review: 'staff', title: 't' },
    });
    expect(hasAny(responseActions(view, staff('reviewer')))).toBe(false);
  });
});

describe('satosActions', () => {
  it('when a deposit waits, then it can be taken for review; locked, it can be released, approved or rejected', () => {
    expect(satosActions(satos('dep-000001', 'PENDING'), staff('reviewer'))).toEqual({
      lock: true,
      release: false,
      approve: false,
      reject: false,
    });
    expect(satosActions(satos('dep-000001', 'PENDING_NO_EDIT'), staff('reviewer'))).toEqual({
      lock: false,
      release: true,
      approve: true,
      reject: true,
    });
    expect(hasAny(satosActions(satos('dep-000001', 'APPROVED'), staff('admin')))).toBe(false);
    expect(hasAny(satosActions(satos('dep-000001', 'PENDING'), staff('auditor')))).toBe(false);
  });
});
