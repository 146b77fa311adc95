import { describe, expect, it } from 'vitest';
import { strategyView } from '../../test/fixtures';
import { coinShares, signedSizeText } from './coinShares';

const main = strategyView();
const trend = strategyView({ id: 'st_trend', name: 'Trend', first: false });

describe('who holds each coin of the account (issue 39, point 6)', () => {
  it('issue 39.6: given signed sizes, then they read as a side and a size: "long 0.1", "short 0.05"', () => {
    expect([signedSizeText(0.1), signedSizeText(-0.05), signedSizeText(12)]).toEqual(['long 0.1', 'short 0.05', 'long 12']);
  });

  it('issue 39.6: given Trend long and Main short in BTC and a part outside, then the strategies by name in the list\'s order, then "Outside hyperhook"', () => {
    // given
    const breakdown = [
      {
        symbol: 'BTC',
        strategies: [
          { strategyId: 'st_trend', size: 0.006 },
          { strategyId: 'main', size: -0.002 },
        ],
        outside: 0.006,
      },
    ];
    // when
    const lines = coinShares(breakdown, [main, trend]).get('BTC');
    // then
    expect(lines).toEqual([
      { key: 'main', name: 'Main', size: 'short 0.002', outside: false },
      { key: 'st_trend', name: 'Trend', size: 'long 0.006', outside: false },
      { key: 'outside', name: 'Outside hyperhook', size: 'long 0.006', outside: true },
    ]);
  });

  it("issue 39.6: given nothing outside, a strategy holding nothing and a deleted strategy's share, then no outside line, no empty line, and the deleted one last by a name that says so", () => {
    // given
    const breakdown = [
      {
        symbol: 'ETH',
        strategies: [
          { strategyId: 'st_gone', size: -0.3 },
          { strategyId: 'st_trend', size: 0 },
          { strategyId: 'main', size: -0.2 },
        ],
        outside: 0,
      },
    ];
    // when
    const lines = coinShares(breakdown, [main, trend]).get('ETH');
    // then
    expect(lines?.map((line) => `${line.name} ${line.size}`)).toEqual(['Main short 0.2', 'Deleted strategy short 0.3']);
  });
});
