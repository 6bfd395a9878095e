/**
 * Screening that runs (issue 18, slice 2; docs/screening.md "When screening runs", D65). The lists of
 * SCREENING_LISTS are loaded into this instance's index when the app is ready (load-lists.ts). A
 * person is screened:
 *
 * - when level 1 is submitted (in-house or the vendor check) and when a vendor reports a verified
 *   identity: the submitting transaction writes a 'due' run (`request`), and after the commit the run
 *   is screened at once in the background (`soon`); a run that fails or is lost with the process stays
 *   due, and the `screening` job screens it (`runDue`). The submission never waits for it or fails by it.
 * - before an approval, when the person's last run did not use the lists loaded now (`beforeApproval`),
 *   awaited; the approval's own transaction then checks, after the case lock, that no hit is open and
 *   that the lists are still those (`assertApprovable`, 61001 / 61002).
 *
 * A run's hits and its completion commit in one transaction that takes the case lock first, so an
 * approval either sees them or committed before them (decide.ts takes the same lock). Composed here
 * from one module per concern: the lists in memory, a run, the requests and the job, the approval's
 * checks and the case's `screening`, with the delta re-screening, the refresh and the alert assignment.
 */
import type { Repositories } from '../../data/repositories/index.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import type { RiskRecompute } from '../risk/risk-service.ts';
import { alertAssignment } from './alert-assignment.ts';
import { approvalScreening } from './approval-screening.ts';
import { caseScreeningOf } from './case-screening.ts';
import { deltaRescreening } from './delta.ts';
import { listRefresher } from './list-refresh.ts';
import type { LoadLog, LoadedListVersion } from './load-lists.ts';
import { screeningRequests } from './requests.ts';
import { screeningRuns } from './runs.ts';
import { screeningState } from './screening-state.ts';

export type { ApprovalScreening } from './approval-screening.ts';
export type { ApprovalHold, RunReason, ScreeningRequests } from './requests.ts';
export { MAX_ATTEMPTS, RUN_LEASE_MS } from './runs.ts';

export interface ScreeningOptions {
  repos: Repositories;
  keyring: MasterKeyring;
  /** SCREENING_LISTS (resolved), SCREENING_THRESHOLD and SCREENING_REFRESH_HOURS (0: off). */
  config: { lists: readonly string[]; threshold: number; refreshHours?: number; autoAssign?: boolean };
  /** DATA_DIR: where the last good copies of URL lists are kept. */
  dataDir?: string;
  /** The refresh's HTTP client (tests). */
  fetchImpl?: typeof fetch;
  now?: () => number;
  /** Issue 18 "Risk score": after a run's hits commit, the person's risk is recomputed (in the background). */
  risk?: RiskRecompute;
}

export function screeningUseCases(options: ScreeningOptions) {
  const { repos, keyring, config } = options;
  const now = options.now ?? Date.now;
  const enabled = config.lists.length > 0;
  const state = screeningState();
  const { runOne } = screeningRuns({
    repos,
    keyring,
    threshold: config.threshold,
    state,
    now,
    risk: options.risk,
  });
  const { requests, documentRead, runDue, settle } = screeningRequests(
    { repos, now },
    state,
    enabled,
    runOne,
  );

  const deltas = deltaRescreening({
    repos,
    keyring,
    threshold: config.threshold,
    now,
    log: () => state.log,
    loaded: () => state.loaded,
    fingerprint: state.fingerprint,
    runLists: state.runLists,
    afterHits: (userId) => options.risk?.soon(userId, 'screening_hits'),
  });

  const refresher = listRefresher({
    repos,
    sources: config.lists,
    refreshHours: config.refreshHours ?? 0,
    now,
    log: () => state.log,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
    current: () => state.loaded,
    install: (lists) => state.install(lists),
  });

  const assignment = alertAssignment({ repos, enabled: enabled && config.autoAssign === true, now });

  return {
    ...requests,
    ...approvalScreening({ repos, now }, state, enabled, runOne),

    /** Whether any list is configured (SCREENING_LISTS, or the demo fixtures). */
    enabled,

    documentRead,

    /** The logger in use (the resolutions log their failed compliance mails with it). */
    log: (): LoadLog => state.log,

    /** The app's logger, for the lists' load and the background runs (app.ts). */
    useLog(logger: LoadLog) {
      state.log = logger;
    },

    /** Loads the configured lists into this instance's index (app.ts, when the app is ready). */
    async loadLists() {
      return enabled ? refresher.load() : [];
    },

    /** Refresh now (admin, or the scheduled refresh): files read again, URL lists fetched (D95). */
    refreshLists: () => (enabled ? refresher.refresh() : Promise.resolve([])),

    /** The `screening-refresh` job: a refresh when SCREENING_REFRESH_HOURS have passed since the last. */
    refreshDue: () => (enabled ? refresher.refreshDue() : Promise.resolve(0)),

    /** Every instance's poll (app.ts): reloads the index when another instance recorded a change. */
    reloadIfChanged: () => (enabled ? refresher.reloadIfChanged() : Promise.resolve(false)),

    /** The lists loaded here, for the case page and the refresh of a later slice. */
    loadedLists: (): readonly LoadedListVersion[] => state.loaded,

    /**
     * The `screening` job's delta part (D94): the people re-screened against the entries a list change
     * added or changed, a batch at a time, for up to `tickMs`.
     */
    runDeltas: (tickMs?: number): Promise<number> =>
      enabled && state.loaded.length > 0 ? deltas.runDue(tickMs) : Promise.resolve(0),

    runDue,

    /** The `screening` job: new alerts given round-robin when SCREENING_ALERT_AUTO_ASSIGN is on (else 0). */
    assignAlerts: (): Promise<number> => assignment.assignNew(),

    settle,

    /** Whether a true match froze the person (kyc-info, every submission: http/account-freeze.ts). */
    async isFrozen(userId: number): Promise<boolean> {
      return (await repos.screening.freezeOf(userId)) !== undefined;
    },

    /**
     * The case page's `screening`: status, the last run's lists, every hit with its explanation opened;
     * `r`: a transaction's repositories (the suspicious-activity export reads what it commits with).
     */
    caseScreening: caseScreeningOf({ repos, keyring, threshold: config.threshold }),
  };
}
export type ScreeningUseCases = ReturnType<typeof screeningUseCases>;
