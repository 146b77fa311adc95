import { z } from 'zod';
import { alertRejection } from './alertRejection.js';
import { AlertRejectionSchema, ParsedAlertSchema, type ParsedAlert } from './alertSchema.js';
import { findUnfilledPlaceholder, isAbsent, readAction, readId, readLeverage, readOrderType, readPositionSize, readPositiveNumber, readSymbol, readTarget } from './alertFields.js';
import { decodeAlertBody } from './decodeAlertBody.js';

/** What parseAlert answers: the alert plus every field received, or a rejection plus what can be logged. */
export const ParseAlertResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), alert: ParsedAlertSchema, payload: z.record(z.string(), z.unknown()) }),
  z.object({ ok: z.literal(false), rejection: AlertRejectionSchema, payload: z.unknown() }),
]);
/** The result of parseAlert. */
export type ParseAlertResult = z.infer<typeof ParseAlertResultSchema>;

/**
 * Parses a webhook body into a ParsedAlert. Never throws: every problem becomes a rejection with a
 * stable code, the field at fault and a sentence naming it.
 *
 * - The body may be JSON text (whatever the content type, BOM and whitespace ignored), bytes,
 *   or an already-parsed object; see decodeAlertBody.
 * - `symbol` and `action` are required; `orderType` defaults to market; a limit order needs `price`.
 * - `action`: buy | sell | close in any case; long, short and flat (TradingView's position words)
 *   mean buy, sell and close.
 * - `target`: long | short | flat (bullish, bearish too): the position the alert wants; then
 *   `action` may be left out. `positionSize` (signed coins, TradingView's
 *   {{strategy.position_size}}) says both target and size. `quantity`: a size in coins (the
 *   wanted position of a target alert, else the order's).
 * - A field still holding a TradingView placeholder ("{{...}}") is refused by name.
 * - `size` (USD), `price`, `stopLoss`, `takeProfit`: positive numbers, as numbers or decimal text.
 * - `leverage`: a whole number 1–50, as a number, "3" or "3x".
 * - `id`: text or a number, kept as text, for spotting re-deliveries.
 * - A field that is null or blank text counts as not given. Field names are case-sensitive.
 * - Fields are checked in the order above and the first problem is reported.
 * - Unknown fields are ignored but stay in `payload`, so the log shows everything that was sent.
 * - A `price` on a market order is kept (the log shows it) but not traded on.
 * - `close` always closes the whole position at market, so it needs no price even when
 *   `orderType` says limit.
 */
export function parseAlert(body: unknown, contentType?: string): ParseAlertResult {
  const decoded = decodeAlertBody(body, contentType);
  if (!decoded.ok) return decoded;
  const { payload } = decoded;
  const field = (name: string): unknown => (Object.hasOwn(payload, name) ? payload[name] : undefined);
  const refuse = (rejection: z.infer<typeof AlertRejectionSchema>): ParseAlertResult => ({ ok: false, rejection, payload });

  const unfilled = findUnfilledPlaceholder(payload, READ_FIELDS);
  if (unfilled !== undefined) {
    return refuse(
      alertRejection(
        'UNFILLED_PLACEHOLDER',
        `Field "${unfilled.field}" holds ${unfilled.text}, a TradingView placeholder that was never filled in. ` +
          'TradingView fills {{strategy.…}} placeholders only in alerts created on a strategy (not on an indicator or a drawing); check the alert message.',
        unfilled.field,
      ),
    );
  }
  const symbol = readSymbol(field('symbol'));
  if (!symbol.ok) return refuse(symbol.rejection);
  const target = readTarget(field('target'));
  if (!target.ok) return refuse(target.rejection);
  const positionSize = readPositionSize(field('positionSize'));
  if (!positionSize.ok) return refuse(positionSize.rejection);
  const wanted = target.value ?? positionSize.value?.target;
  // A target alert needs no action: its direction is the target's.
  const action = wanted !== undefined && isAbsent(field('action')) ? ({ ok: true, value: TARGET_ACTION[wanted] } as const) : readAction(field('action'));
  if (!action.ok) return refuse(action.rejection);
  const orderType = readOrderType(field('orderType'));
  if (!orderType.ok) return refuse(orderType.rejection);
  const size = readPositiveNumber(field('size'), 'size', 'number of USD');
  if (!size.ok) return refuse(size.rejection);
  const price = readPositiveNumber(field('price'), 'price', 'price');
  if (!price.ok) return refuse(price.rejection);
  const stopLoss = readPositiveNumber(field('stopLoss'), 'stopLoss', 'price');
  if (!stopLoss.ok) return refuse(stopLoss.rejection);
  const takeProfit = readPositiveNumber(field('takeProfit'), 'takeProfit', 'price');
  if (!takeProfit.ok) return refuse(takeProfit.rejection);
  const leverage = readLeverage(field('leverage'));
  if (!leverage.ok) return refuse(leverage.rejection);
  const id = readId(field('id'));
  if (!id.ok) return refuse(id.rejection);
  const quantity = readPositiveNumber(field('quantity'), 'quantity', 'number of coins');
  if (!quantity.ok) return refuse(quantity.rejection);

  // A target alert's direction is its target's, whatever `action` says (a close of a short reads "buy").
  const effective = wanted === undefined ? action.value : TARGET_ACTION[wanted];
  if (orderType.value === 'limit' && price.value === undefined && effective !== 'close') {
    return refuse(
      alertRejection('LIMIT_WITHOUT_PRICE', 'Field "price" is required when "orderType" is "limit": the limit price to buy or sell at.', 'price'),
    );
  }

  const alert: ParsedAlert = { ...symbol.value, action: effective, orderType: orderType.value };
  if (size.value !== undefined) alert.size = size.value;
  if (price.value !== undefined) alert.price = price.value;
  if (stopLoss.value !== undefined) alert.stopLoss = stopLoss.value;
  if (takeProfit.value !== undefined) alert.takeProfit = takeProfit.value;
  if (leverage.value !== undefined) alert.leverage = leverage.value;
  if (id.value !== undefined) alert.id = id.value;
  if (wanted !== undefined) alert.target = wanted;
  const coins = quantity.value ?? positionSize.value?.quantity;
  if (coins !== undefined && wanted !== 'flat') alert.quantity = coins;
  return { ok: true, alert, payload };
}

/** The fields parseAlert reads: only these are checked for unfilled placeholders (others are the sender's own). */
const READ_FIELDS = ['symbol', 'action', 'target', 'positionSize', 'orderType', 'size', 'quantity', 'price', 'stopLoss', 'takeProfit', 'leverage', 'id'];

/** The direction a target names, for the log's action column. */
const TARGET_ACTION = { long: 'buy', short: 'sell', flat: 'close' } as const;
