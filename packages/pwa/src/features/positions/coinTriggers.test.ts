import { describe, expect, it } from 'vitest';
import { strategyView } from '../../test/fixtures';
import { coinShares } from './coinShares';
import { hasNoStop, triggersByCoin } from './coinTriggers';
import { protectiveOrder } from './protection.fixtures';

const stop = protectiveOrder({ strategyId: 'st_trend', symbol: 'BTC', kind: 'stopLoss' });
const target = protectiveOrder({ strategyId: 'st_trend', symbol: 'BTC', kind: 'takeProfit', triggerPrice: 70_000 });
const mainEth = protectiveOrder({ strategyId: 'main', symbol: 'ETH', kind: 'stopLoss', triggerPrice: 3_800 });

describe('each strategy’s live stops and targets (issue 39, point 6)', () => {
  it('issue 39.6: given every strategy’s triggers, then one strategy’s by coin, the others’ left out', () => {
    // when
    const trend = triggersByCoin([stop, target, mainEth], 'st_trend');
    // then
    expect([...trend.entries()]).toEqual([['BTC', [stop, target]]]);
  });

  it('issue 39.6: given a take-profit alone, then the position has no stop; given a stop-loss, it has', () => {
    expect([hasNoStop([]), hasNoStop([target]), hasNoStop([stop]), hasNoStop([target, stop])]).toEqual([true, true, false, false]);
  });

  it('issue 39.6: given the breakdown and every strategy’s triggers, then each strategy’s line carries its own triggers in that coin, the outside part none', () => {
    // given
    const breakdown = [
      {
        symbol: 'BTC',
        strategies: [
          { strategyId: 'st_trend', size: 0.006 },
          { strategyId: 'main', size: -0.002 },
        ],
        outside: 0.001,
      },
    ];
    // when
    const lines = coinShares(breakdown, [strategyView(), strategyView({ id: 'st_trend', name: 'Trend' })], [stop, target, mainEth]).get('BTC');
    // then
    expect(lines?.map((line) => [line.name, line.triggers])).toEqual([
      ['Main', []],
      ['Trend', [stop, target]],
      ['Outside hyperhook', undefined],
    ]);
  });
});
