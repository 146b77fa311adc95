import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** A channel target refused: a private address (server-side request forgery) or plain http. */
export class TargetRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetRefusedError';
  }
}

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network, unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 of any IPv4, private ones included
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** True for a loopback, private, link-local, unspecified or otherwise non-public address. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family !== 6) return true; // not an address: refuse rather than guess
  // IPv4-mapped (::ffff:a.b.c.d or ::ffff:7f00:1): judge the IPv4 inside.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mapped !== undefined) return blocked.check(mapped, 'ipv4');
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(bare);
  if (hexMapped) {
    const hi = parseInt(hexMapped[1] ?? '0', 16);
    const lo = parseInt(hexMapped[2] ?? '0', 16);
    return blocked.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
  }
  return blocked.check(bare, 'ipv6');
}

/** Options of the guard. */
export interface TargetPolicy {
  /** HYPERHOOK_NOTIFY_ALLOW_PRIVATE_TARGETS: private addresses and plain http are allowed. */
  readonly allowPrivateTargets: boolean;
}

const resolveAll = (hostname: string): Promise<LookupAddress[]> =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/**
 * Refuses a target URL the gateway must not call: not http(s), plain http (unless private targets
 * are allowed), or a host that is, or resolves to any, private address. Called when a channel is
 * saved; {@link guardedLookup} checks again on every connection (DNS rebinding).
 */
export async function assertAllowedTarget(url: string, policy: TargetPolicy): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TargetRefusedError('The target is not a URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new TargetRefusedError('The target must be an https URL');
  if (policy.allowPrivateTargets) return;
  if (parsed.protocol !== 'https:') throw new TargetRefusedError('The target must be an https URL');
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) {
    if (isPrivateAddress(host)) throw new TargetRefusedError(`The target ${host} is a private, loopback or link-local address`);
    return;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(host);
  } catch {
    throw new TargetRefusedError(`The target host ${host} does not resolve`);
  }
  if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address)))
    throw new TargetRefusedError(`The target host ${host} resolves to a private, loopback or link-local address`);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:http(s) requests that refuses private addresses at connect time, so the
 * address connected to is the one checked (no rebinding between check and use).
 */
export function guardedLookup(policy: TargetPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const allowed = policy.allowPrivateTargets ? addresses : addresses.filter((a) => !isPrivateAddress(a.address));
      if (allowed.length === 0 || allowed.length !== addresses.length) {
        const refused = Object.assign(new TargetRefusedError(`The target host ${hostname} resolves to a private, loopback or link-local address`), {
          code: 'EHOSTREFUSED',
        });
        return callback(refused, []);
      }
      if (options.all) return callback(null, allowed);
      const [first] = allowed;
      return callback(null, first?.address ?? '', first?.family);
    });
  };
}
