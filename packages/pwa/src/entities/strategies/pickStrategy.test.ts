import { describe, expect, it } from 'vitest';
import { strategyView } from '../../test/fixtures';
import { isAccountStrategy, pickStrategy, upsertStrategy } from './pickStrategy';

const main = strategyView();
const eth = strategyView({ id: 'st_eth', name: 'ETH scalper' });

describe('the strategy on screen (issue 29, point 6)', () => {
  it('issue 29, point 6: given a remembered strategy that exists, then it is shown', () => {
    expect(pickStrategy([main, eth], 'st_eth')).toBe(eth);
  });

  it('issue 29, point 6: given a remembered strategy that is gone (deleted, another account) or none, then the first strategy', () => {
    expect(pickStrategy([main, eth], 'st_gone')).toBe(main);
    expect(pickStrategy([eth, main], null)).toBe(main);
    expect(pickStrategy([eth], 'st_gone')).toBe(eth);
    expect(pickStrategy([], 'main')).toBeUndefined();
  });

  it('issue 29, point 6: given an answer of the api, then it replaces its strategy in the list, or joins it at the end', () => {
    const renamed = { ...eth, name: 'ETH swing' };
    expect(upsertStrategy([main, eth], renamed)).toEqual([main, renamed]);
    expect(upsertStrategy([main], eth)).toEqual([main, eth]);
    expect(upsertStrategy(undefined, eth)).toEqual([eth]);
  });

  it("issue 29, point 6: given the first strategy (or none known yet), then the account's own URL and settings apply", () => {
    expect([isAccountStrategy(main), isAccountStrategy(undefined), isAccountStrategy(eth)]).toEqual([true, true, false]);
  });
});
