import { describe, expect, it } from 'vitest';
import { toSubAccounts } from './subAccounts.js';

describe('reading the subAccounts answer (issue 39.5)', () => {
  it('given null (a master without sub-accounts), when read, then an empty list', () => {
    expect(toSubAccounts(null)).toEqual([]);
  });

  it("given the venue list, when read, then each sub-account's name, address and master, lower case, states left out", () => {
    const answer = [
      {
        name: 'desk',
        subAccountUser: '0x1D9470D4B963F552E6F671A81619D395877BF409',
        master: '0x14791697260E4c9A71f18484C9f997B308e59325',
        clearinghouseState: {},
        spotState: {},
      },
    ];

    expect(toSubAccounts(answer)).toEqual([
      { name: 'desk', address: '0x1d9470d4b963f552e6f671a81619d395877bf409', master: '0x14791697260e4c9a71f18484c9f997b308e59325' },
    ]);
  });

  it('given an answer of another shape, when read, then it throws instead of inventing sub-accounts', () => {
    expect(() => toSubAccounts({ subAccounts: [] })).toThrow();
    expect(() => toSubAccounts([{ name: 'desk', subAccountUser: 'nope', master: '0x14791697260e4c9a71f18484c9f997b308e59325' }])).toThrow();
  });
});
