import { slippagePrice, TRIGGER_ORDER_SLIPPAGE_PCT } from '@hyperhook/domain';
import { cloidForSignal, type TriggerOrderToPlace } from '@hyperhook/hyperliquid';
import type { SimHarness } from './simHarness.js';

/**
 * A reduce-only market trigger as the executor would plan it: its worst price is the domain's
 * slippage price off the trigger, for the coin's decimals on the simulator, and its cloid is
 * derived from `signal`.
 */
export async function protectiveOrder(
  h: SimHarness,
  order: { coin: string; kind: 'tp' | 'sl'; isBuy: boolean; triggerPx: string; size: string },
  signal: string,
): Promise<TriggerOrderToPlace> {
  const asset = await h.client.getAsset(true, order.coin);
  if (asset === undefined) throw new Error(`The simulator does not list ${order.coin}.`);
  const price = slippagePrice(order.triggerPx, order.isBuy, TRIGGER_ORDER_SLIPPAGE_PCT, asset.szDecimals);
  return { ...order, price, cloid: cloidForSignal(signal) };
}
