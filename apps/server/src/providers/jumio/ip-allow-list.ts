/**
 * Jumio's callbacks carry no signature: Jumio documents the addresses its callbacks come from, and the
 * receiver is to accept a callback only from those (docs/providers-jumio.md "Callback trust model"). This
 * is that check, over JUMIO_CALLBACK_ALLOWED_IPS: single addresses or CIDR ranges, IPv4 and IPv6. The
 * matching is node:net's BlockList, a maintained built-in made for it, which also matches an IPv4 rule
 * against the IPv4-mapped IPv6 form (::ffff:a.b.c.d) a dual-stack socket reports, and the other way round.
 * Even an allowed callback is only a notice: the outcome is always read from the retrieval API.
 */
import { BlockList, isIP } from 'node:net';

export interface IpAllowList {
  /** True when the address is one of the allowed addresses or inside one of the allowed ranges. */
  allows(address: string): boolean;
}

const familyOf = (address: string): 'ipv4' | 'ipv6' | undefined => {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : undefined;
};

/** "[::1]" and "fe80::1%eth0" as a socket or a header may spell them: the bare address. */
const bare = (address: string) =>
  address
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');

/**
 * The allow-list of the entries; throws (at start-up) naming an entry that is neither an address nor a
 * CIDR range, so that a typo never silently refuses, or accepts, every callback.
 */
export function ipAllowList(entries: readonly string[]): IpAllowList {
  const list = new BlockList();
  for (const entry of entries) {
    const [rawAddress = '', prefix, ...rest] = entry.split('/');
    const address = bare(rawAddress);
    const family = familyOf(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    const maxBits = family === 'ipv4' ? 32 : 128;
    if (
      !family ||
      rest.length > 0 ||
      (bits !== undefined && (!/^\d{1,3}$/.test(prefix ?? '') || bits > maxBits))
    )
      throw new Error(`JUMIO_CALLBACK_ALLOWED_IPS: "${entry}" is not an IP address or CIDR range`);
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, bits, family);
  }
  return {
    allows(candidate) {
      const address = bare(candidate);
      const family = familyOf(address);
      return family !== undefined && list.check(address, family);
    },
  };
}
