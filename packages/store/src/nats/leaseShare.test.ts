import { describe, expect, it } from 'vitest';
import { claimOrder, leaseShare, partitionsToRelease } from './leaseShare.js';

describe('executor lease shares', () => {
  it('given partitions and live executors, then each holds an even share rounded up, and a lone executor holds all', () => {
    expect(leaseShare(16, 1)).toBe(16);
    expect(leaseShare(16, 2)).toBe(8);
    expect(leaseShare(16, 3)).toBe(6);
    expect(leaseShare(16, 0)).toBe(16);
  });

  it('given more held than the share, then the highest partitions are given up', () => {
    expect(partitionsToRelease([9, 1, 14, 3], 2)).toEqual([9, 14]);
    expect(partitionsToRelease([1, 2], 4)).toEqual([]);
  });

  it('given an owner, then it tries every partition once, starting at a place of its own', () => {
    const order = claimOrder(16, 'executor-a');
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i));
    expect(claimOrder(16, 'executor-a')).toEqual(order);
    expect(new Set(['a', 'b', 'c', 'd', 'e'].map((id) => claimOrder(16, `executor-${id}`)[0])).size).toBeGreaterThan(1);
  });
});
