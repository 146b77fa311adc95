import { decimalText, type BalanceSnapshotTaken, type PositionsSnapshotTaken } from '@hyperhook/domain';
import type { AccountMode, AccountSnapshot } from '@hyperhook/hyperliquid';

/**
 * The account events of one exchange read: the complete set of open positions and the balances,
 * in the venue's decimal text. `source` says what took it: a fill (the executor, so read models
 * never wait for a manual sync), a sync (the Positions tab) or the key save.
 */
export function snapshotEvents(
  snapshot: AccountSnapshot,
  at: string,
  source: PositionsSnapshotTaken['data']['source'],
): [PositionsSnapshotTaken, BalanceSnapshotTaken] {
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

/**
 * The account snapshot two recorded events describe (the inverse of snapshotEvents), with the
 * account mode the keys were saved with: what the executor tracks from a read the api made.
 */
export function snapshotOfEvents(positions: PositionsSnapshotTaken['data'], balance: BalanceSnapshotTaken['data'], mode: AccountMode): AccountSnapshot {
  // Nullish fields are those older events may lack; a number the app cannot read counts as 0.
  const n = (text: string | null | undefined) => (text === null || text === undefined || !Number.isFinite(Number(text)) ? 0 : Number(text));
  return {
    positions: positions.positions.map((p) => ({
      coin: p.coin,
      szi: n(p.szi),
      entryPx: n(p.entryPx),
      positionValue: n(p.positionValue),
      unrealizedPnl: n(p.unrealizedPnl),
      leverage: p.leverage ?? 0,
      markPx: n(p.markPx),
      liquidationPx: p.liquidationPx === null || p.liquidationPx === undefined ? null : n(p.liquidationPx),
      marginUsed: n(p.marginUsed),
    })),
    balance: {
      availableBalance: n(balance.availableBalance),
      totalEquity: n(balance.totalEquity),
      marginUsed: n(balance.marginUsed),
      totalNotional: n(balance.totalNotional),
      withdrawable: n(balance.withdrawable),
      spotUsdc: n(balance.spotUsdc),
    },
    mode,
    time: Date.parse(positions.at),
  };
}
