import type { MarginMode } from '@hyperhook/domain';
import type { ExchangeOutcome, HyperliquidClient, OrderToPlace, SignerRef } from '@hyperhook/hyperliquid';
import type { LeverageStep } from '../../../packages/hyperliquid/src/client/leverage.js';

/** What an opening order did: the leverage step, then the order (unless the step failed). */
export interface AlignedOrder {
  leverage: LeverageStep;
  outcome: ExchangeOutcome;
}

/**
 * An opening order sent the way the executor sends one: the coin's leverage aligned first, as a
 * step of its own, and the order placed only when that step worked.
 */
export async function alignThenPlace(
  client: HyperliquidClient,
  signer: SignerRef,
  order: OrderToPlace,
  leverage: number,
  mode: MarginMode = 'cross',
): Promise<AlignedOrder> {
  const aligned = await client.ensureLeverage(signer, order.coin, leverage, mode);
  if (aligned.outcome.kind !== 'ok') return { leverage: aligned.step, outcome: aligned.outcome };
  const placed = await client.placeOrder(signer, order);
  return { leverage: aligned.step, outcome: placed.outcome };
}
