import type { ClearinghouseStateResponse, SpotClearinghouseStateResponse } from '@nktkas/hyperliquid/api/info';
import { describe, expect, it } from 'vitest';
import { inferModeFromStates, modeFromAbstraction, toAccountSnapshot, toBalanceSnapshot, toPositionSnapshots } from './accountState.js';

/** The documentation's example position (reference §1.3): ETH cross 20x and an isolated short. */
function state(overrides: Partial<ClearinghouseStateResponse> = {}): ClearinghouseStateResponse {
  return {
    marginSummary: { accountValue: '13109.482328', totalNtlPos: '311.64542', totalRawUsd: '12797.836908', totalMarginUsed: '15.550097' },
    crossMarginSummary: { accountValue: '13104.514502', totalNtlPos: '211.64542', totalRawUsd: '12892.868682', totalMarginUsed: '10.582271' },
    crossMaintenanceMarginUsed: '2.645561',
    withdrawable: '13093.932231',
    assetPositions: [
      {
        type: 'oneWay',
        position: {
          coin: 'ETH',
          szi: '0.0335',
          entryPx: '2986.3',
          positionValue: '100.02765',
          unrealizedPnl: '-0.0134',
          returnOnEquity: '-0.0026789',
          leverage: { type: 'cross', value: 20 },
          liquidationPx: '2866.26936529',
          marginUsed: '5.001',
          maxLeverage: 50,
          cumFunding: { allTime: '0', sinceOpen: '0', sinceChange: '0' },
        },
      },
      {
        type: 'oneWay',
        position: {
          coin: 'BTC',
          szi: '-0.002',
          entryPx: '100000.0',
          positionValue: '211.64542',
          unrealizedPnl: '-11.64542',
          returnOnEquity: '-0.5',
          leverage: { type: 'isolated', value: 10, rawUsd: '-95.059824' },
          liquidationPx: null,
          marginUsed: '4.967826',
          maxLeverage: 40,
          cumFunding: { allTime: '0', sinceOpen: '0', sinceChange: '0' },
        },
      },
      {
        type: 'oneWay',
        position: {
          coin: 'SOL',
          szi: '0.0',
          entryPx: '0.0',
          positionValue: '0.0',
          unrealizedPnl: '0.0',
          returnOnEquity: '0.0',
          leverage: { type: 'cross', value: 5 },
          liquidationPx: null,
          marginUsed: '0.0',
          maxLeverage: 20,
          cumFunding: { allTime: '0', sinceOpen: '0', sinceChange: '0' },
        },
      },
    ],
    time: 1_700_000_000_000,
    ...overrides,
  };
}

const spot = (total: string, hold = '0.0'): SpotClearinghouseStateResponse => ({
  balances: [
    { coin: 'USDC', token: 0, total, hold, entryNtl: '0.0' },
    { coin: 'PURR', token: 1, total: '100.0', hold: '0.0', entryNtl: '14.6' },
  ],
});

const EMPTY_STATE = state({
  marginSummary: { accountValue: '0.0', totalNtlPos: '0.0', totalRawUsd: '0.0', totalMarginUsed: '0.0' },
  withdrawable: '0.0',
  assetPositions: [],
});

describe('account snapshot mapping', () => {
  it('given a clearinghouse state, when mapped, then every position field is a number and the mark is recovered', () => {
    const [eth, btc] = toPositionSnapshots(state());
    expect(eth).toEqual({
      coin: 'ETH',
      szi: 0.0335,
      entryPx: 2986.3,
      positionValue: 100.02765,
      unrealizedPnl: -0.0134,
      leverage: 20,
      marginMode: 'cross',
      markPx: 100.02765 / 0.0335,
      liquidationPx: 2866.26936529,
      marginUsed: 5.001,
    });
    // Issue 39.2: the margin mode is read, so a mode change the venue would refuse is caught first.
    expect(btc).toMatchObject({ coin: 'BTC', szi: -0.002, leverage: 10, marginMode: 'isolated', liquidationPx: null });
    expect(btc?.markPx).toBeCloseTo(105822.71, 2);
  });

  it('given a zero-size row the venue still lists, when mapped, then it is not a position', () => {
    expect(toPositionSnapshots(state()).map((p) => p.coin)).toEqual(['ETH', 'BTC']);
  });

  it('given a standard account, when the balance is mapped, then equity is accountValue and available is withdrawable', () => {
    expect(toBalanceSnapshot(state(), spot('500.0'), 'standard')).toEqual({
      availableBalance: 13093.932231,
      totalEquity: 13109.482328,
      marginUsed: 15.550097,
      totalNotional: 311.64542,
      withdrawable: 13093.932231,
      spotUsdc: 500,
    });
  });

  it('given a unified account, when the balance is mapped, then equity is spot USDC plus unrealized P&L and available is spot free USDC', () => {
    const balance = toBalanceSnapshot(state(), spot('1000.0', '15.55'), 'unified');
    expect(balance.totalEquity).toBeCloseTo(1000 - 0.0134 - 11.64542, 9);
    expect(balance.availableBalance).toBeCloseTo(984.45, 9);
    expect(balance.marginUsed).toBe(15.550097);
  });

  it('given a flat unknown user, when mapped, then everything is zero and no positions', () => {
    const snapshot = toAccountSnapshot(EMPTY_STATE, { balances: [] }, 'standard');
    expect(snapshot).toEqual({
      positions: [],
      balance: { availableBalance: 0, totalEquity: 0, marginUsed: 0, totalNotional: 0, withdrawable: 0, spotUsdc: 0 },
      mode: 'standard',
      time: 1_700_000_000_000,
    });
  });

  it('given a garbled number, when mapped, then it reads as 0 instead of NaN', () => {
    const garbled = state({ withdrawable: 'oops' });
    expect(toBalanceSnapshot(garbled, spot('0'), 'standard').availableBalance).toBe(0);
  });

  it('given userAbstraction answers, when read, then unified and portfolio margin pool collateral in spot', () => {
    expect(modeFromAbstraction('unifiedAccount')).toBe('unified');
    expect(modeFromAbstraction('portfolioMargin')).toBe('unified');
    expect(modeFromAbstraction('default')).toBe('standard');
    expect(modeFromAbstraction('disabled')).toBe('standard');
    expect(modeFromAbstraction('dexAbstraction')).toBe('standard');
    expect(modeFromAbstraction('somethingNew')).toBeUndefined();
  });

  it('given no userAbstraction, when the perp side is empty and spot holds USDC, then the account reads as unified', () => {
    expect(inferModeFromStates(EMPTY_STATE, spot('250.0'))).toBe('unified');
    expect(inferModeFromStates(state(), spot('250.0'))).toBe('standard');
    expect(inferModeFromStates(EMPTY_STATE, { balances: [] })).toBe('standard');
  });
});
