import { describe, expect, it } from 'vitest';
import { checkpointNameFor, ownsUser, parsePartition, userHash } from './partition.js';

describe('partition: users split between executor processes', () => {
  it('given any user, when partitioned 3 ways, then exactly one partition owns it', () => {
    for (const uid of ['a', 'user_1', 'u-99', 'x'.repeat(128)]) {
      const owners = [0, 1, 2].filter((index) => ownsUser(uid, { index, count: 3 }));
      expect(owners).toHaveLength(1);
    }
  });

  it('given the same user id, when hashed twice, then the hash is stable (FNV-1a)', () => {
    expect(userHash('user_1')).toBe(userHash('user_1'));
    expect(userHash('')).toBe(0x811c9dc5);
  });

  it('given "1/4", when parsed, then index 1 of 4; given "4/4" or "x", then a readable error', () => {
    expect(parsePartition('1/4')).toEqual({ index: 1, count: 4 });
    expect(() => parsePartition('4/4')).toThrow(/0 <= index < count/);
    expect(() => parsePartition('x')).toThrow(/expected i\/n/);
  });

  it('given no partition or one of one, when naming the checkpoint, then "executor"; otherwise one name per partition', () => {
    expect(checkpointNameFor(undefined)).toBe('executor');
    expect(checkpointNameFor({ index: 0, count: 1 })).toBe('executor');
    expect(checkpointNameFor({ index: 1, count: 2 })).toBe('executor-1-of-2');
  });
});
