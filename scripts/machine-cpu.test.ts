import { describe, expect, it } from 'vitest';
import { describeMachineCpu, parseProcStat } from './machine-cpu.mjs';

/** /proc/stat as Linux writes it (2 cores), its counters in USER_HZ ticks. */
const STAT = (user: number, idle: number, steal = 0) =>
  [
    `cpu  ${user} 50 300 ${idle} 40 0 10 ${steal} 0 0`,
    `cpu0 ${user / 2} 25 150 ${idle / 2} 20 0 5 0 0 0`,
    `cpu1 ${user / 2} 25 150 ${idle / 2} 20 0 5 0 0 0`,
    'intr 123 0 0',
    'ctxt 4567',
  ].join('\n');

describe('the machine CPU line of npm test', () => {
  it('reads busy (user, nice, system, irq, softirq), idle (idle, iowait) and stolen seconds from the cpu line', () => {
    expect(parseProcStat(STAT(1000, 5000, 70))).toEqual({ busy: 13.6, idle: 50.4, steal: 0.7 });
  });

  it("counts time stolen by a virtual machine's host as neither the run's work nor idle", () => {
    const before = parseProcStat(STAT(1000, 5000, 0));
    // 1 500 s busy, 300 s idle, 200 s stolen.
    const after = parseProcStat(STAT(151_000, 35_000, 20_000));
    expect(describeMachineCpu(before, after, 2)).toBe('1 500 CPU s, 75 % of 2 cores');
  });

  it('says how many CPU seconds a stretch used and which share of the cores was busy', () => {
    const before = parseProcStat(STAT(1000, 5000));
    // 180 000 more ticks of user time and 20 000 more of idle: 1 800 s busy of 2 000 s.
    const after = parseProcStat(STAT(181_000, 25_000));
    expect(describeMachineCpu(before, after, 2)).toBe('1 800 CPU s, 90 % of 2 cores');
  });

  it('says nothing where a reading is missing (no /proc)', () => {
    expect(describeMachineCpu(undefined, parseProcStat(STAT(1, 1)), 2)).toBe('');
  });

  it('refuses a text without the cpu line', () => {
    expect(() => parseProcStat('intr 1\n')).toThrow('no cpu line');
  });
});
