// How busy the whole machine was over a stretch of `npm test`, from /proc/stat: every process counts
// (Chromium's renderers, the e2e servers, PostgreSQL, whatever else runs), which a stage's own CPU seconds
// (the children it waited for) do not — a Chromium renderer whose browser was ended never reaches them.
// On the 2-core machine this is the figure that bounds the run: N busy CPU seconds take at least N / 2 s.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** Clock ticks per second of /proc/stat (USER_HZ, 100 on Linux). */
const USER_HZ = 100;

/**
 * Busy and idle CPU seconds since boot from the text of /proc/stat: its first line sums every core; busy
 * is user + nice + system + irq + softirq, idle is idle + iowait (guest time is already in user), and
 * steal (time a virtual machine's host gave to someone else) is neither: the machine's, not the run's.
 */
export function parseProcStat(text) {
  const line = text.split('\n').find((row) => row.startsWith('cpu '));
  if (!line) throw new Error('no cpu line in /proc/stat');
  const [user, nice, system, idle, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return {
    busy: (user + nice + system + irq + softirq) / USER_HZ,
    idle: (idle + iowait) / USER_HZ,
    steal: steal / USER_HZ,
  };
}

/** The machine's counters now, or undefined where there is no /proc/stat. */
export function machineCpu() {
  try {
    return parseProcStat(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * What the machine did between two readings: busy CPU seconds and the share of its cores that was busy,
 * e.g. "2 150 CPU s, 91 % of 2 cores"; empty when either reading is missing.
 */
export function describeMachineCpu(before, after, cores = availableParallelism()) {
  if (!before || !after) return '';
  const busy = after.busy - before.busy;
  const all = busy + (after.idle - before.idle) + (after.steal - before.steal);
  const share = all > 0 ? Math.round((100 * busy) / all) : 0;
  return `${Math.round(busy).toLocaleString('en-GB').replace(/,/g, ' ')} CPU s, ${share} % of ${cores} cores`;
}
