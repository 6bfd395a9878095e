/**
 * The end user's security log (issue 11, migration 016): what the sign-in use-cases record about a
 * person's account, and the person's own cursor-paged read of it ("Recent sign-ins"). Privacy by
 * construction: the address is cut to its network (IPv4 /24, IPv6 /48) and the User-Agent to the names
 * of its browser and system (bowser, D41) before anything is stored.
 */
import { isIP } from 'node:net';
import Bowser from 'bowser';
import type { SecurityEventKind, SignInsQuery, SignInsResult } from '@kyc/contracts';
import type { SecurityLogRepo } from '../../data/repositories/security-log-repo.ts';

// How long entries are kept is the retention policy `sessions_security_log` of the person's site
// (issue 20, D106): the `old-security-log-entries` sweep runs domain/retention/rolling-sweep.ts.

export interface ClientInfo {
  address: string;
  userAgent?: string;
}

/** 203.0.113.77 → 203.0.113.0/24; 2001:db8:1:2::5 → 2001:db8:1::/48; anything else → ''. */
export function networkOf(address: string): string {
  const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  const version = isIP(plain);
  if (version === 4) return `${plain.split('.').slice(0, 3).join('.')}.0/24`;
  if (version !== 6) return '';
  const [head = '', tail = ''] = plain.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === '' ? [] : tail.split(':');
  const groups = plain.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  const first = groups.slice(0, 3).map((g) => Number.parseInt(g || '0', 16).toString(16));
  return `${first.join(':')}::/48`;
}

/** The names of the browser and system, at most 40 characters each; '' for what cannot be told. */
export function deviceOf(userAgent: string | undefined): { browser: string; system: string } {
  const ua = (userAgent ?? '').slice(0, 512);
  if (ua.trim() === '') return { browser: '', system: '' };
  const parsed = Bowser.parse(ua);
  return {
    browser: (parsed.browser.name ?? '').slice(0, 40),
    system: (parsed.os.name ?? '').slice(0, 40),
  };
}

export function securityLog(repo: SecurityLogRepo) {
  return {
    async record(userId: number, kind: SecurityEventKind, client: ClientInfo, at = Date.now()) {
      await repo.insert({
        userId,
        kind,
        at,
        network: networkOf(client.address),
        ...deviceOf(client.userAgent),
      });
    },

    /** One "throttled" entry per pause: refused attempts inside the same delay add nothing more. */
    async recordThrottled(userId: number, client: ClientInfo, at = Date.now()) {
      if ((await repo.newestKind(userId)) === 'sign_in_throttled') return;
      await this.record(userId, 'sign_in_throttled', client, at);
    },

    async signIns(userId: number, query: SignInsQuery): Promise<SignInsResult> {
      const rows = await repo.newestOf(userId, query.limit + 1, query.cursor);
      const page = rows.slice(0, query.limit);
      return {
        items: page.map((row) => ({
          id: row.id,
          kind: row.kind as SecurityEventKind,
          at: new Date(row.at).toISOString(),
          browser: row.browser,
          system: row.system,
          network: row.network,
        })),
        next_cursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
      };
    },
  };
}
export type SecurityLog = ReturnType<typeof securityLog>;
