import { fieldRejected, type FieldResult } from '../alertRejection.js';
import { isAbsent, valueAt } from '../alertFields.js';
import { describeValue } from '../describeValue.js';
import type { NativeFields } from '../readNativeAlert.js';
import { hasField, refused, unsupported, type AlertFormatReader, type Translation } from './alertFormatReader.js';
import { orderWithPositionAfter } from './positionAfterOrder.js';

// The 3Commas signal bot's JSON (help.3commas.io, "Signal bot: JSON file"); see
// docs/research/alert-formats.md for its fields and semantics.

type Payload = Readonly<Record<string, unknown>>;

const ENTRIES = { enter_long: 'buy', enter_short: 'sell' } as const;
const EXITS = new Set(['exit_long', 'exit_short']);

/**
 * The 3Commas signal bot: `tv_instrument` (the ticker), `action`, `trigger_price` and
 * `order: { amount, currency_type }`. Recognised by `tv_instrument` or `bot_uuid`. `secret`,
 * `bot_uuid` and `tv_exchange` are 3Commas's own and are not read (the webhook URL is hyperhook's
 * credential); `timestamp` and `max_lag` are read as every format's are (parseAlert), so a late
 * entry is refused as 3Commas would refuse it (issue 42).
 * - enter_long / enter_short (the custom signal): buy / sell.
 * - exit_long / exit_short: a close of the position in the coin, all of it or the part
 *   `order.amount` names ("position_percent", or coins with "base"). A close is reduce-only, so
 *   it never opens anything; but it closes whatever is open, so an exit_long that arrives while
 *   the account is short closes the short (3Commas would leave it alone).
 * - buy / sell (the strategy type, {{strategy.order.action}}): the order, with
 *   `strategy_info.market_position` read as the position after it (see orderWithPositionAfter).
 * - order.amount: coins when currency_type is "base". Quote amounts are refused: on a futures bot
 *   it is not said whether they are the margin or the position's value, and hyperhook never guesses
 *   a size.
 */
export const threeCommas: AlertFormatReader = {
  format: 'threeCommas',
  reads: [
    'tv_instrument',
    'action',
    'trigger_price',
    'strategy_info.market_position',
    'order.amount',
    'order.currency_type',
    'order.order_type',
    'leverage',
    'id',
  ],
  recognises: (payload) => hasField(payload, 'tv_instrument') || hasField(payload, 'bot_uuid'),
  translate,
};

function translate(payload: Payload): Translation {
  const field = (path: string): unknown => valueAt(payload, path);
  const shared: NativeFields = { symbol: field('tv_instrument'), price: field('trigger_price'), leverage: field('leverage'), id: field('id') };
  const names = { symbol: 'tv_instrument', price: 'trigger_price' };
  const action = field('action');
  if (isAbsent(action)) {
    return refused('MISSING_ACTION', 'action', 'Field "action" is required: "enter_long", "exit_long", "enter_short", "exit_short", "buy" or "sell".');
  }
  const word = typeof action === 'string' ? action.trim().toLowerCase() : '';
  const orderType = field('order.order_type');
  if (!isAbsent(orderType) && (typeof orderType !== 'string' || orderType.trim().toLowerCase() !== 'market')) {
    return unsupported(
      'order.order_type',
      `"order.order_type": ${describeValue(orderType)} is not read: 3Commas orders are sent at market. Leave it out or send "market".`,
    );
  }

  if (EXITS.has(word)) {
    const part = exitPart(payload);
    if (!part.ok) return part;
    return { ok: true, fields: { ...shared, action: 'close', ...part.value }, names: { ...names, quantity: 'order.amount', percent: 'order.amount' } };
  }
  let side: 'buy' | 'sell';
  if (word === 'enter_long' || word === 'enter_short') side = ENTRIES[word];
  else if (word === 'buy' || word === 'sell') {
    const order = orderWithPositionAfter(word, field('strategy_info.market_position'), 'strategy_info.market_position', 'action');
    if (!order.ok) return order;
    if ('target' in order.value) return { ok: true, fields: { ...shared, target: 'flat' }, names };
    side = word;
  } else if (word === 'disable') {
    return unsupported('action', '"action": "disable" stops a 3Commas bot; hyperhook has no such action. Pause trading in hyperhook\'s Settings instead.');
  } else {
    return refused(
      'INVALID_ACTION',
      'action',
      `Field "action" must be "enter_long", "exit_long", "enter_short", "exit_short", "buy" or "sell"; got ${describeValue(action)}.`,
    );
  }

  const amount = entryAmount(payload);
  if (!amount.ok) return amount;
  return { ok: true, fields: { ...shared, action: side, quantity: amount.value }, names: { ...names, quantity: 'order.amount' } };
}

/** An entry's `order.amount` in coins (currency_type "base"), or undefined to size from Settings. */
function entryAmount(payload: Payload): FieldResult<unknown> {
  const amount = valueAt(payload, 'order.amount');
  if (isAbsent(amount)) return { ok: true, value: undefined };
  const type = valueAt(payload, 'order.currency_type');
  const kind = typeof type === 'string' ? type.trim().toLowerCase() : '';
  if (kind === 'base') return { ok: true, value: amount };
  return fieldRejected(
    'UNSUPPORTED_VALUE',
    'order.currency_type',
    `"order.currency_type": ${describeValue(type)} is not read: hyperhook takes an order amount in coins only ("base"), since a quote or percent amount on a futures bot ` +
      'may mean the margin or the position\'s value, and a size is never guessed. Send "currency_type": "base", or leave "order" out to size from your Settings.',
  );
}

/**
 * How much an exit closes: all of the position without an amount; a percent of it with
 * "position_percent"; coins with "base". Quote and margin amounts are refused, as on entries.
 */
function exitPart(payload: Payload): FieldResult<{ percent?: unknown; quantity?: unknown }> {
  const amount = valueAt(payload, 'order.amount');
  if (isAbsent(amount)) return { ok: true, value: {} };
  const type = valueAt(payload, 'order.currency_type');
  const kind = typeof type === 'string' ? type.trim().toLowerCase() : '';
  if (kind === 'position_percent') return { ok: true, value: { percent: amount } };
  if (kind === 'base') return { ok: true, value: { quantity: amount } };
  return fieldRejected(
    'UNSUPPORTED_VALUE',
    'order.currency_type',
    `"order.currency_type": ${describeValue(type)} is not read on an exit: send "position_percent" (the part of the position to close) or "base" (coins), ` +
      'or leave "order" out to close the whole position.',
  );
}
