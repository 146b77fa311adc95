import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** A lease holder's id, unique across machines, processes and restarts: host, pid and a random part. */
export function leaseOwnerId(): string {
  return `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
}
