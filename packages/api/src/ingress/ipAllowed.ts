import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, how dual-stack sockets report IPv4 peers) as plain IPv4. */
export function normaliseIp(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

const cache = new Map<string, BlockList>();

/** A BlockList of the allowlist entries (addresses or CIDR ranges), cached per distinct list. */
function blockListOf(entries: readonly string[]): BlockList {
  const key = entries.join(',');
  let list = cache.get(key);
  if (list === undefined) {
    list = new BlockList();
    for (const entry of entries) {
      const [address = '', prefix] = entry.split('/');
      const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
      if (family === null) continue; // entries were validated when recorded; skip anything else
      if (prefix === undefined) list.addAddress(address, family);
      else list.addSubnet(address, Number(prefix), family);
    }
    if (cache.size > 1000) cache.clear(); // bounded: lists are per user and rarely change
    cache.set(key, list);
  }
  return list;
}

/** True when `ip` may post to a webhook with this allowlist; an empty allowlist allows every source. */
export function ipAllowed(allowlist: readonly string[], ip: string): boolean {
  if (allowlist.length === 0) return true;
  const address = normaliseIp(ip);
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
  return family !== null && blockListOf(allowlist).check(address, family);
}
