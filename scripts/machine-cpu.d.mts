/** The machine's CPU counters over a stretch of `npm test` (machine-cpu.mjs). */
export interface MachineCpu {
  busy: number;
  idle: number;
  steal: number;
}
export function parseProcStat(text: string): MachineCpu;
export function machineCpu(): MachineCpu | undefined;
export function describeMachineCpu(
  before: MachineCpu | undefined,
  after: MachineCpu | undefined,
  cores?: number,
): string;
