// End-to-end tests drive Debian's Chromium (/usr/bin/chromium) through playwright-core; no browser is
// downloaded. When it is missing: install it with apt-get when running as root, else stop with a clear message.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium(log = console.log) {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}. Install Debian's package as root: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH).`,
    );
  }
  log("e2e: Chromium missing, installing Debian's chromium package (apt-get)…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    [
      'install',
      '-y',
      '-qq',
      '--no-install-recommends',
      'chromium',
      'fonts-noto-core',
      'fonts-noto-cjk',
      'fonts-dejavu-core',
    ],
  ]) {
    const run = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (run.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${run.status})`);
  }
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get finished but ${CHROMIUM} is still missing`);
  return CHROMIUM;
}
