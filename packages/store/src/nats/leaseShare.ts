/**
 * How many partitions one executor should hold: an even share, rounded up so every partition
 * has a taker. With 16 partitions and 3 executors, 6 each (the last holds 4).
 */
export function leaseShare(partitions: number, members: number): number {
  return Math.ceil(partitions / Math.max(1, members));
}

/**
 * The partitions to give up when holding more than the share (a new executor joined): the
 * highest first, keeping the order stable so two executors never trade the same partition.
 */
export function partitionsToRelease(held: readonly number[], share: number): number[] {
  return [...held].sort((a, b) => a - b).slice(share);
}

/**
 * The order an executor tries free partitions in: starting at a place of its own (a hash of its
 * id), so executors starting together mostly try different partitions first.
 */
export function claimOrder(partitions: number, ownerId: string): number[] {
  let hash = 0;
  for (const char of ownerId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const start = hash % partitions;
  return Array.from({ length: partitions }, (_, i) => (start + i) % partitions);
}
