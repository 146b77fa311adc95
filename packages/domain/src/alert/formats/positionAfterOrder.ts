import { fieldRejected, type FieldResult } from '../alertRejection.js';
import { readTarget } from '../alertFields.js';

/** hyperhook's fields for an order and the position said to follow it. */
export type OrderWithPosition = { action: 'buy' | 'sell' } | { target: 'flat' };

/**
 * An order's side plus the position the sender says follows it — TradingView's
 * {{strategy.market_position}}, which TradersPost sends as `sentiment`, TVAC as `position` and the
 * 3Commas strategy bot as `strategy_info.market_position`:
 * - none given, or the order's own side (buy then long): the order itself, a buy or a sell;
 * - flat: a flat target, closing the whole position whatever its side and size, because the
 *   strategy says it holds nothing after this order (the order's size no longer matters);
 * - the other side (a sell after which the strategy is still long): a partial exit, refused (a
 *   close with a percent or quantity does it). A plain sell would do it only while hyperhook's
 *   position is at least as large as the strategy's;
 *   when it is smaller (Max Position Size capped it, an order was refused) the sell would open a
 *   short the strategy never wanted.
 */
export function orderWithPositionAfter(side: 'buy' | 'sell', after: unknown, afterName: string, sideName: string): FieldResult<OrderWithPosition> {
  const position = readTarget(after, afterName);
  if (!position.ok) return position;
  if (position.value === 'flat') return { ok: true, value: { target: 'flat' } };
  if (position.value === undefined || position.value === SIDE_POSITION[side]) return { ok: true, value: { action: side } };
  return fieldRejected(
    'UNSUPPORTED_VALUE',
    afterName,
    `Field "${afterName}" says the position stays ${position.value} after this ${side} ("${sideName}"): a partial exit. hyperhook does not read a ${side} as one, ` +
      `as a ${side} larger than the position it holds would open the other side. Send "${afterName}": "flat" to close the whole position, ` +
      'a close with "percent" or "quantity" to close part of it, or hyperhook\'s own target alert ("symbol", "target", "quantity") to set the size that is left.',
  );
}

const SIDE_POSITION = { buy: 'long', sell: 'short' } as const;
