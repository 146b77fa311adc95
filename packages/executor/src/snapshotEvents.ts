import { toWireDecimal, type BalanceSnapshotTaken, type PositionsSnapshotTaken } from '@hyperhook/domain';
import type { AccountSnapshot } from '@hyperhook/hyperliquid';

/** Decimal text of a number the client already parsed; 12 significant figures drop float noise (179.99999999999997). */
const dec = (value: number): string => toWireDecimal(Number(value.toPrecision(12)));

/**
 * The account events recorded after a fill (source 'fill'): the complete set of open positions
 * and the balances, as decimal strings, so read models never wait for a manual sync.
 */
export function snapshotEvents(snapshot: AccountSnapshot, at: string): [PositionsSnapshotTaken, BalanceSnapshotTaken] {
  const { balance } = snapshot;
  return [
    {
      type: 'PositionsSnapshotTaken',
      v: 1,
      data: {
        at,
        source: 'fill',
        positions: snapshot.positions.map((p) => ({
          coin: p.coin,
          szi: dec(p.szi),
          entryPx: dec(p.entryPx),
          positionValue: dec(p.positionValue),
          unrealizedPnl: dec(p.unrealizedPnl),
          ...(p.leverage > 0 ? { leverage: p.leverage } : {}),
          markPx: dec(p.markPx),
          liquidationPx: p.liquidationPx === null ? null : dec(p.liquidationPx),
          marginUsed: dec(p.marginUsed),
        })),
      },
    },
    {
      type: 'BalanceSnapshotTaken',
      v: 1,
      data: {
        at,
        availableBalance: dec(balance.availableBalance),
        totalEquity: dec(balance.totalEquity),
        marginUsed: dec(balance.marginUsed),
        totalNotional: dec(balance.totalNotional),
        withdrawable: dec(balance.withdrawable),
        spotUsdc: dec(balance.spotUsdc),
      },
    },
  ];
}
