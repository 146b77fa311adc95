/** Which share of the users one executor process handles: users whose hash % count === index. */
export interface Partition {
  readonly index: number;
  readonly count: number;
}

/**
 * FNV-1a (32-bit) of a user id: stable across processes and Node versions, so every executor of
 * a deployment agrees on who owns a user without talking to the others.
 */
export function userHash(uid: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < uid.length; i += 1) {
    hash ^= uid.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** True when `uid` belongs to `partition` (always true without one). */
export function ownsUser(uid: string, partition: Partition | undefined): boolean {
  if (partition === undefined || partition.count <= 1) return true;
  return userHash(uid) % partition.count === partition.index;
}

/** Checks a partition given on a command line or in options; throws a readable error. */
export function validatePartition(partition: Partition): Partition {
  const { index, count } = partition;
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(index) || index < 0 || index >= count) {
    throw new Error(`Invalid executor partition ${index}/${count}: expected 0 <= index < count.`);
  }
  return partition;
}

/** Parses "i/n" (as in `hyperhook executor --partition 0/2`). */
export function parsePartition(text: string): Partition {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!match) throw new Error(`Invalid partition "${text}": expected i/n, e.g. 0/2.`);
  return validatePartition({ index: Number(match[1]), count: Number(match[2]) });
}

/** The checkpoint name of a partition: partitions progress independently through the log. */
export function checkpointNameFor(partition: Partition | undefined): string {
  return partition === undefined || partition.count <= 1 ? 'executor' : `executor-${partition.index}-of-${partition.count}`;
}
