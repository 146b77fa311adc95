import { decimalText, type BalanceSnapshotTaken, type PositionsSnapshotTaken } from '@hyperhook/domain';
import type { AccountSnapshot } from '@hyperhook/hyperliquid';

/**
 * The account events of one exchange read: the complete set of open positions and the balances,
 * in the venue's decimal text. `source` says what took it: a fill (the executor, so read models
 * never wait for a manual sync) or a sync (the Positions tab).
 */
export function snapshotEvents(snapshot: AccountSnapshot, at: string, source: 'fill' | 'sync'): [PositionsSnapshotTaken, BalanceSnapshotTaken] {
  const { balance } = snapshot;
  return [
    {
      type: 'PositionsSnapshotTaken',
      v: 2,
      data: {
        at,
        source,
        positions: snapshot.positions.map((p) => ({
          coin: p.coin,
          szi: decimalText(p.szi),
          entryPx: decimalText(p.entryPx),
          positionValue: decimalText(p.positionValue),
          unrealizedPnl: decimalText(p.unrealizedPnl),
          ...(p.leverage > 0 ? { leverage: p.leverage } : {}),
          markPx: decimalText(p.markPx),
          liquidationPx: p.liquidationPx === null ? null : decimalText(p.liquidationPx),
          marginUsed: decimalText(p.marginUsed),
        })),
      },
    },
    {
      type: 'BalanceSnapshotTaken',
      v: 2,
      data: {
        at,
        availableBalance: decimalText(balance.availableBalance),
        totalEquity: decimalText(balance.totalEquity),
        marginUsed: decimalText(balance.marginUsed),
        totalNotional: decimalText(balance.totalNotional),
        withdrawable: decimalText(balance.withdrawable),
        spotUsdc: decimalText(balance.spotUsdc),
      },
    },
  ];
}
