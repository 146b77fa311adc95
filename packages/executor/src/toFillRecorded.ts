import type { FillRecorded } from '@hyperhook/domain';
import type { UserFillsByTimeResponse } from '@nktkas/hyperliquid/api/info';

/** One fill as the client's getOrderFills answers it (`/info userFillsByTime`). */
type VenueFill = UserFillsByTimeResponse[number];

/** Maps a venue fill to the FillRecorded event data, linking it to its signal and that signal's strategy. */
export function toFillRecorded(
  fill: VenueFill,
  signalId: string | undefined,
  owner: { readonly strategyId?: string; readonly closeAll?: true; readonly subAccount?: string } = {},
): FillRecorded {
  return {
    type: 'FillRecorded',
    v: 1,
    data: {
      coin: fill.coin,
      px: fill.px,
      sz: fill.sz,
      side: fill.side,
      time: new Date(fill.time).toISOString(),
      oid: fill.oid,
      tid: fill.tid,
      ...(typeof fill.cloid === 'string' ? { cloid: fill.cloid.toLowerCase() } : {}),
      closedPnl: fill.closedPnl,
      fee: fill.fee,
      ...(fill.feeToken !== undefined ? { feeToken: fill.feeToken } : {}),
      dir: fill.dir,
      ...(fill.startPosition !== undefined ? { startPosition: fill.startPosition } : {}),
      ...(fill.crossed !== undefined ? { crossed: fill.crossed } : {}),
      ...(fill.hash !== undefined ? { hash: fill.hash } : {}),
      ...(signalId !== undefined ? { signalId } : {}),
      ...(owner.strategyId !== undefined ? { strategyId: owner.strategyId } : {}),
      ...(owner.closeAll === true ? { closeAll: true } : {}),
      ...(owner.subAccount !== undefined ? { subAccount: owner.subAccount } : {}),
    },
  };
}
