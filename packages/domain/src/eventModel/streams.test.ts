import { describe, expect, it } from 'vitest';
import { accountStreamId, paperStreamId, parseStreamId, signalStreamId, userStreamId } from './streams.js';

describe('stream names (ARCHITECTURE §4)', () => {
  it('builds user-, signal- and account- names that parse back', () => {
    expect([userStreamId('u-1'), signalStreamId('s_2'), accountStreamId('u-1')]).toEqual(['user-u-1', 'signal-s_2', 'account-u-1']);
    expect(parseStreamId('user-u-1')).toEqual({ category: 'user', id: 'u-1' });
    expect(parseStreamId('signal-s_2')).toEqual({ category: 'signal', id: 's_2' });
  });

  it("issue 30: a user's paper accounts have their own stream, apart from the real account's", () => {
    expect(paperStreamId('u-1')).toBe('paper-u-1');
    expect(parseStreamId(paperStreamId('u-1'))).toEqual({ category: 'paper', id: 'u-1' });
    expect(paperStreamId('u-1')).not.toBe(accountStreamId('u-1'));
  });

  it('refuses ids that would make ambiguous names, and names that are not ours', () => {
    expect(() => userStreamId('')).toThrow();
    expect(() => userStreamId('a b')).toThrow();
    expect(() => signalStreamId('x'.repeat(129))).toThrow();
    expect([parseStreamId('order-1'), parseStreamId('user'), parseStreamId('user-'), parseStreamId('$all')]).toEqual([null, null, null, null]);
  });
});
