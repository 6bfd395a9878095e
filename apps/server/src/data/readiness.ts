/**
 * The readiness check of /readyz (issue 14, D47): a load balancer's probe must be answered within 1 s
 * whatever the database does. During a network partition a ping waits until DB_CONNECT_TIMEOUT_MS or
 * DB_STATEMENT_TIMEOUT_MS gives up (seconds); the probe is answered "not ready" at the deadline instead,
 * and the ping goes on in the background. At most one ping is in flight: probes that arrive meanwhile
 * share it (each with its own deadline), so a prober every 100 ms cannot pile up pings, and connections,
 * behind a database that does not answer.
 */

/** The answer's budget: the check gets this long, leaving room to answer within 1 s. */
export const READINESS_DEADLINE_MS = 800;

export function boundedCheck(
  check: () => Promise<boolean>,
  deadlineMs = READINESS_DEADLINE_MS,
): () => Promise<boolean> {
  let inFlight: Promise<boolean> | undefined;
  return () => {
    if (!inFlight) {
      const started: Promise<boolean> = check()
        .catch(() => false)
        .finally(() => {
          if (inFlight === started) inFlight = undefined;
        });
      inFlight = started;
    }
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), deadlineMs);
    });
    return Promise.race([inFlight, deadline]).finally(() => clearTimeout(timer));
  };
}
