/**
 * Applying a fill to an account: position size and entry, cash, fee, closed P&L, fill record.
 *
 * Cash follows the venue's `totalRawUsd` convention: buying `sz` at `px` moves `sz·px` out of cash
 * (selling moves it in), so accountValue = totalRawUsd + Σ szi·markPx holds at every moment.
 */
import type { SimAccount, SimFill, SimFillLiquidation, SimOrder, SimState } from './simState.js';

/** Base-tier perp taker fee (0.045 %). */
export const TAKER_FEE_RATE = 0.00045;
/** Base-tier perp maker fee (0.015 %). */
export const MAKER_FEE_RATE = 0.00015;

/** Fill direction label ("Open Long", "Close Short", "Long > Short", …) from the position before and the trade. */
export function fillDirection(startLots: number, signedLots: number): string {
  if (startLots === 0) return signedLots > 0 ? 'Open Long' : 'Open Short';
  if (Math.sign(startLots) === Math.sign(signedLots)) return startLots > 0 ? 'Open Long' : 'Open Short';
  if (Math.abs(signedLots) <= Math.abs(startLots)) return startLots > 0 ? 'Close Long' : 'Close Short';
  return startLots > 0 ? 'Long > Short' : 'Short > Long';
}

/** How a liquidation fill is labelled instead of the ordinary direction. */
export interface LiquidationLabel {
  dir: string;
  liquidation: SimFillLiquidation;
}

/**
 * Books one fill of `order` for `lots` at `px`; `crossed` = taker. A liquidation passes its label,
 * so observers (the WebSocket userFills feed) hear of the fill already labelled. Returns the fill.
 */
export function applyFill(
  state: SimState,
  acct: SimAccount,
  order: SimOrder,
  px: number,
  lots: number,
  crossed: boolean,
  hash: string | null,
  liquidated: LiquidationLabel | null = null,
): SimFill {
  const asset = state.asset(order.asset);
  if (!asset) throw new Error(`unknown asset ${order.asset}`);
  const unit = 10 ** -asset.szDecimals;
  const signed = order.isBuy ? lots : -lots;
  const pos = acct.positions.get(order.asset) ?? { lots: 0, entryPx: 0 };
  const start = pos.lots;

  let closedPnl = 0;
  if (start !== 0 && Math.sign(start) !== Math.sign(signed)) {
    const closing = Math.min(Math.abs(signed), Math.abs(start));
    closedPnl = closing * unit * (px - pos.entryPx) * Math.sign(start);
  }

  const next = start + signed;
  if (next === 0) acct.positions.delete(order.asset);
  else if (start === 0 || Math.sign(next) !== Math.sign(start)) acct.positions.set(order.asset, { lots: next, entryPx: px });
  else if (Math.abs(next) > Math.abs(start)) {
    // Increase: size-weighted average entry.
    const entryPx = (Math.abs(start) * pos.entryPx + Math.abs(signed) * px) / Math.abs(next);
    acct.positions.set(order.asset, { lots: next, entryPx });
  } else acct.positions.set(order.asset, { lots: next, entryPx: pos.entryPx });

  const notional = lots * unit * px;
  const fee = notional * (crossed ? TAKER_FEE_RATE : MAKER_FEE_RATE);
  acct.rawUsd -= signed * unit * px + fee;
  acct.cumVlm += notional;
  const volume = state.volumes.get(asset.name) ?? { ntl: 0, base: 0 };
  state.volumes.set(asset.name, { ntl: volume.ntl + notional, base: volume.base + lots * unit });

  const tid = state.nextTid();
  const fill: SimFill = {
    coin: asset.name,
    szDecimals: asset.szDecimals,
    px,
    lots,
    isBuy: order.isBuy,
    time: state.now(),
    startLots: start,
    dir: liquidated?.dir ?? fillDirection(start, signed),
    closedPnl,
    hash: hash ?? state.syntheticHash(tid),
    oid: order.oid,
    crossed,
    fee,
    tid,
    cloid: order.cloid,
  };
  if (liquidated) fill.liquidation = liquidated.liquidation;
  state.recordFill(acct, fill);
  return fill;
}
