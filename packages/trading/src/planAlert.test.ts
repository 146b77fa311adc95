import { DEFAULT_SETTINGS, planOrder, type ParsedAlert } from '@hyperhook/domain';
import { unknownCoinMessage, type AccountSnapshot, type PerpAsset } from '@hyperhook/hyperliquid';
import { describe, expect, it } from 'vitest';
import { planAlert, readPlanMarket, type PlanMarket, type PlanMarketReads } from './planAlert.js';

const BTC: PerpAsset = { coin: 'BTC', assetId: 0, szDecimals: 5, maxLeverage: 40, isolatedOnly: false, delisted: false };
const CLOID = `0x${'0'.repeat(32)}`;
const buy: ParsedAlert = { symbol: 'BTCUSDT', coin: 'BTC', action: 'buy', orderType: 'market', size: 100 };
const market: PlanMarket = { asset: BTC, mid: 97_000, balance: { availableBalance: 1_000, totalEquity: 1_000 }, positions: [] };

/** An account snapshot with only what planning reads filled in. */
const snapshot = (availableBalance: number, positions: { coin: string; szi: number; leverage: number }[]) =>
  ({ balance: { availableBalance, totalEquity: availableBalance + 5 }, positions }) as unknown as Pick<AccountSnapshot, 'balance' | 'positions'>;

describe('planAlert', () => {
  it('given a coin the venue does not list, when planning, then UNKNOWN_COIN with the one sentence every layer uses', () => {
    // given / when
    const result = planAlert({
      alert: { ...buy, symbol: 'NOPE', coin: 'NOPE' },
      settings: DEFAULT_SETTINGS,
      market: { ...market, asset: undefined },
      cloid: CLOID,
    });
    // then
    expect(result).toEqual({ ok: false, code: 'UNKNOWN_COIN', message: unknownCoinMessage('NOPE') });
    expect(result.ok || result.message).toBe('Hyperliquid does not list a perpetual named NOPE.');
  });

  it("given a listed coin, when planning, then the answer is planOrder's for the same inputs", () => {
    // given / when
    const result = planAlert({ alert: buy, settings: DEFAULT_SETTINGS, market, cloid: CLOID });
    // then
    const { coin, assetId, szDecimals, maxLeverage } = BTC;
    expect(result).toEqual(
      planOrder({
        alert: buy,
        settings: DEFAULT_SETTINGS,
        balance: market.balance,
        positions: [],
        asset: { coin, assetId, szDecimals, maxLeverage },
        mid: market.mid,
        cloid: CLOID,
      }),
    );
    expect(result.ok).toBe(true);
  });
});

describe('readPlanMarket', () => {
  it("given three reads, when reading the market, then all three start before any answers, and the coin's mid, balance and positions are kept", async () => {
    // given: reads that only answer once all three have been asked
    const asked: string[] = [];
    let release: () => void = () => undefined;
    const allAsked = new Promise<void>((resolve) => (release = resolve));
    const ask = async <T>(name: string, value: T): Promise<T> => {
      asked.push(name);
      if (asked.length === 3) release();
      await allAsked;
      return value;
    };
    const reads: PlanMarketReads = {
      asset: (coin) => ask('asset', coin === 'BTC' ? BTC : undefined),
      mids: () => ask('mids', { BTC: 97_001.5, ETH: 3_500 }),
      account: () => ask('account', snapshot(250, [{ coin: 'ETH', szi: -0.5, leverage: 3 }])),
    };
    // when
    const read = await readPlanMarket(reads, 'BTC');
    // then
    expect(asked.sort()).toEqual(['account', 'asset', 'mids']);
    expect(read).toEqual({
      asset: BTC,
      mid: 97_001.5,
      balance: { availableBalance: 250, totalEquity: 255 },
      positions: [{ coin: 'ETH', szi: -0.5, leverage: 3 }],
    });
  });

  it('given mids without the coin, when reading the market, then the mid is NaN, which planOrder refuses for market orders', async () => {
    const reads: PlanMarketReads = { asset: async () => BTC, mids: async () => ({ ETH: 3_500 }), account: async () => snapshot(1_000, []) };
    const read = await readPlanMarket(reads, 'BTC');
    expect(read.mid).toBeNaN();
    expect(planAlert({ alert: buy, settings: DEFAULT_SETTINGS, market: read, cloid: CLOID })).toMatchObject({ ok: false, code: 'NO_MARKET_PRICE' });
  });

  it('given a read that fails, when reading the market, then the failure propagates for the caller to classify', async () => {
    const down = new Error('exchange down');
    const reads: PlanMarketReads = { asset: async () => BTC, mids: () => Promise.reject(down), account: async () => snapshot(1_000, []) };
    await expect(readPlanMarket(reads, 'BTC')).rejects.toBe(down);
  });
});
