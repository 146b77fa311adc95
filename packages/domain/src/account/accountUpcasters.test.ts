import { describe, expect, it } from 'vitest';
import { parseEvent } from '../eventModel/parseEvent.js';

const at = '2026-01-02T03:04:05.000Z';

/** A sync snapshot as the api stored it at v1: `String()` numbers and `leverage: null`. */
const apiPositionsV1 = {
  type: 'PositionsSnapshotTaken',
  v: 1,
  data: {
    at,
    source: 'sync',
    positions: [
      {
        coin: 'BTC',
        szi: '1e-7',
        entryPx: '97123.00000000001',
        positionValue: '0.30000000000000004',
        unrealizedPnl: '-0.000001',
        leverage: null,
        markPx: '97123',
        liquidationPx: null,
        marginUsed: '179.99999999999997',
      },
    ],
  },
};

/** A fill snapshot as the executor stored it at v1: decimal text already, no leverage field. */
const executorPositionsV1 = {
  type: 'PositionsSnapshotTaken',
  v: 1,
  data: {
    at,
    source: 'fill',
    positions: [
      {
        coin: 'ETH',
        szi: '-2.5',
        entryPx: '3000',
        positionValue: '7500',
        unrealizedPnl: '12.5',
        leverage: 5,
        markPx: '3000',
        liquidationPx: '3500',
        marginUsed: '1500',
      },
    ],
  },
};

describe('account snapshot upcasters (v1 of either writer → v2, one encoding)', () => {
  it('API-15: reads the api-written v1 shape into the venue decimal text, dropping the null leverage', () => {
    expect(parseEvent(apiPositionsV1)).toEqual({
      type: 'PositionsSnapshotTaken',
      v: 2,
      data: {
        at,
        source: 'sync',
        positions: [
          {
            coin: 'BTC',
            szi: '0.0000001',
            entryPx: '97123',
            positionValue: '0.3',
            unrealizedPnl: '-0.000001',
            markPx: '97123',
            liquidationPx: null,
            marginUsed: '180',
          },
        ],
      },
    });
  });

  it('CARD-22: reads the executor-written v1 shape unchanged but for the version', () => {
    expect(parseEvent(executorPositionsV1)).toEqual({ ...executorPositionsV1, v: 2 });
  });

  it('ENT-15: text that is no number becomes 0 where required and is left out where optional', () => {
    const odd = { ...apiPositionsV1, data: { ...apiPositionsV1.data, positions: [{ coin: 'SOL', szi: 'n/a', entryPx: 'abc', markPx: '' }] } };
    expect(parseEvent(odd)).toMatchObject({ v: 2, data: { positions: [{ coin: 'SOL', szi: '0' }] } });
    const [position] = (parseEvent(odd).data as { positions: Record<string, unknown>[] }).positions;
    expect(position).not.toHaveProperty('entryPx');
    expect(position).not.toHaveProperty('markPx');
  });

  it("API-15: reads both writers' v1 balances into one encoding", () => {
    const apiBalance = {
      type: 'BalanceSnapshotTaken',
      v: 1,
      data: { at, availableBalance: '1e-7', totalEquity: '100.10000000000001', marginUsed: '0', totalNotional: '0', withdrawable: '5', spotUsdc: 'x' },
    };
    expect(parseEvent(apiBalance)).toEqual({
      type: 'BalanceSnapshotTaken',
      v: 2,
      data: { at, availableBalance: '0.0000001', totalEquity: '100.1', marginUsed: '0', totalNotional: '0', withdrawable: '5' },
    });
    const executorBalance = {
      type: 'BalanceSnapshotTaken',
      v: 1,
      data: { at, availableBalance: '950.5', totalEquity: '1000', marginUsed: '49.5', totalNotional: '495', withdrawable: '950.5', spotUsdc: '0' },
    };
    expect(parseEvent(executorBalance)).toEqual({ ...executorBalance, v: 2 });
  });

  it('API-15: a v2 event must already be in decimal text', () => {
    expect(() => parseEvent({ ...executorPositionsV1, v: 2, data: { ...executorPositionsV1.data, positions: [{ coin: 'ETH', szi: '1e-7' }] } })).toThrow();
    expect(() =>
      parseEvent({ ...executorPositionsV1, v: 2, data: { ...executorPositionsV1.data, positions: [{ coin: 'ETH', szi: '1', leverage: null }] } }),
    ).toThrow();
  });
});
