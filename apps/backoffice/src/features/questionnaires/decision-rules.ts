/**
 * Which decisions the response page offers to the signed-in staff member: the questionnaire and EDD
 * status machines (docs/questionnaires.md "Status machines") as far as the response shows them. The
 * server checks every decision again (51001, 10005); these only keep impossible buttons off the screen.
 */
import type { StaffMe } from '@kyc/contracts';
import { can } from '../../lib/permissions.ts';
import { EDD_TEMPLATE, SATOS_TEMPLATE, type ResponseSatos, type ResponseView } from './api/review.ts';

export interface ResponseActions {
  /** PENDING → PENDING_NO_EDIT: the reviewer takes the response; the person can no longer amend it. */
  lock: boolean;
  /** PENDING_NO_EDIT → PENDING: given back unjudged. */
  release: boolean;
  /** PENDING_NO_EDIT → APPROVED (EDD: the case passes). */
  approve: boolean;
  /** PENDING_NO_EDIT → REJECTED, with a reason code and a message the person reads. */
  reject: boolean;
  /** → UNSUBMIT with a request the person reads: they answer again (an open task). */
  requestInfo: boolean;
  /** EDD of a politically exposed person: only a senior reviewer (or an admin) may pass it. */
  passNeedsSenior: boolean;
}

const NONE: ResponseActions = {
  lock: false,
  release: false,
  approve: false,
  reject: false,
  requestInfo: false,
  passNeedsSenior: false,
};

/** The decisions on the response itself (not SATOS deposits, see satosActions). */
export function responseActions(view: ResponseView, staff: StaffMe): ResponseActions {
  // Tests and agreements are decided by the system; SATOS deposits are decided one by one.
  if (
    !can(staff.role, 'decide') ||
    view.template.review !== 'staff' ||
    view.template.code === SATOS_TEMPLATE
  ) {
    return NONE;
  }
  const locked = view.status === 'PENDING_NO_EDIT';
  const decided = view.status === 'APPROVED' || view.status === 'REJECTED';
  if (view.template.code === EDD_TEMPLATE && view.edd) {
    // The EDD case decides while it is Reviewing; its outcomes are pass, reject and request_info.
    const reviewing = view.edd.status === 'Reviewing';
    const passNeedsSenior = view.edd.pep && !can(staff.role, 'confirm_final');
    return {
      lock: view.status === 'PENDING' && reviewing,
      release: locked,
      approve: locked && reviewing && !passNeedsSenior,
      reject: locked && reviewing,
      requestInfo: locked && reviewing,
      passNeedsSenior: locked && reviewing && passNeedsSenior,
    };
  }
  return {
    lock: view.status === 'PENDING',
    release: locked,
    approve: locked,
    reject: locked,
    requestInfo: locked || decided,
    passNeedsSenior: false,
  };
}

export interface SatosActions {
  lock: boolean;
  release: boolean;
  approve: boolean;
  reject: boolean;
}

/** The decisions on one SATOS deposit verification (request_info does not apply to them). */
export function satosActions(satos: ResponseSatos, staff: StaffMe): SatosActions {
  const decide = can(staff.role, 'decide');
  const locked = decide && satos.status === 'PENDING_NO_EDIT';
  return { lock: decide && satos.status === 'PENDING', release: locked, approve: locked, reject: locked };
}

/** Whether any decision is open (the panel says "nothing to decide" otherwise). */
export function hasAny(actions: ResponseActions | SatosActions): boolean {
  const requestInfo = 'requestInfo' in actions && actions.requestInfo;
  return actions.lock || actions.release || actions.approve || actions.reject || requestInfo;
}
