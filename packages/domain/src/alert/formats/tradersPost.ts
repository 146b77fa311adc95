import { Dec } from '../../exchange/decimal.js';
import { fieldRejected, type FieldResult } from '../alertRejection.js';
import { isAbsent, readPositiveNumber, valueAt } from '../alertFields.js';
import { describeValue } from '../describeValue.js';
import type { NativeFields } from '../readNativeAlert.js';
import { hasField, refused, unsupported, type AlertFormatReader, type Translation } from './alertFormatReader.js';
import { orderWithPositionAfter } from './positionAfterOrder.js';

// TradersPost's signal message (docs.traderspost.io, "Signal Message Reference"); see
// docs/research/alert-formats.md for its fields and semantics.

type Payload = Readonly<Record<string, unknown>>;

/**
 * TradersPost: `ticker` and `action` (buy | sell | exit), with `sentiment` (the position after the
 * order), `quantity` and `quantityType`, `signalPrice` / `price`, `orderType` with `limitPrice`,
 * and `takeProfit` / `stopLoss` objects. Recognised by `ticker` (hyperhook's own alerts say `symbol`).
 * - buy / sell: hyperhook's buy / sell; with `sentiment: flat`, a close of the whole position; with
 *   the other side's sentiment (a partial exit), refused (see orderWithPositionAfter).
 * - exit: a close, of the whole position, or of the part `quantity` names: coins (fixed_quantity),
 *   a percent of the position (percent_of_position) or USD turned into coins at the alert's price
 *   (dollar_amount); refused with a sentiment (TradersPost refuses that too).
 * - cancel: hyperhook's cancel of the strategy's resting orders in the coin.
 * - add: a buy with a long sentiment, a sell with a short one (adding to the position in its own
 *   direction); without a sentiment it is refused, as the direction would be a guess.
 * - quantity: coins (fixed_quantity, the default), or USD (dollar_amount) turned into coins at the
 *   alert's price as TradersPost does; the other quantity types are refused.
 * - takeProfit / stopLoss: `limitPrice` / `stopPrice` as they are; `percent` and `amount` are
 *   relative to the entry (the limit price, else the signal price), above or below as the side says.
 */
export const tradersPost: AlertFormatReader = {
  format: 'tradersPost',
  reads: [
    'ticker',
    'action',
    'sentiment',
    'quantity',
    'quantityType',
    'signalPrice',
    'price',
    'orderType',
    'limitPrice',
    'takeProfit.limitPrice',
    'takeProfit.percent',
    'takeProfit.amount',
    'stopLoss.type',
    'stopLoss.stopPrice',
    'stopLoss.percent',
    'stopLoss.amount',
    'stopLoss.trailPercent',
    'stopLoss.trailAmount',
    'leverage',
    'id',
  ],
  recognises: (payload) => hasField(payload, 'ticker'),
  translate,
};

function translate(payload: Payload): Translation {
  const field = (path: string): unknown => valueAt(payload, path);
  const shared: NativeFields = { symbol: field('ticker'), orderType: field('orderType'), leverage: field('leverage'), id: field('id') };
  const names = { symbol: 'ticker' };
  const action = field('action');
  if (isAbsent(action)) return refused('MISSING_ACTION', 'action', 'Field "action" is required: "buy", "sell", "exit" or "cancel".');
  const asked = typeof action === 'string' ? action.trim().toLowerCase() : '';
  // "add" adds to the open position in its own direction, which the sentiment names (issue 41).
  const adds = asked === 'add' ? addDirection(field('sentiment')) : undefined;
  if (adds !== undefined && !adds.ok) return adds;
  const word = adds?.value ?? asked;

  if (word === 'exit') {
    if (!isAbsent(field('sentiment'))) {
      return unsupported('sentiment', 'An "exit" takes no "sentiment" (TradersPost refuses it too): send "action": "exit" alone to close the whole position.');
    }
    const part = exitPart(payload);
    if (!part.ok) return part;
    return { ok: true, fields: { ...shared, action: 'close', ...part.value }, names: { ...names, quantity: 'quantity', percent: 'quantity' } };
  }
  // TradersPost: "cancel cancels open orders and does not flatten".
  if (word === 'cancel') return { ok: true, fields: { ...shared, action: 'cancel' }, names };
  if (word !== 'buy' && word !== 'sell') {
    return refused('INVALID_ACTION', 'action', `Field "action" must be "buy", "sell", "exit" or "cancel"; got ${describeValue(action)}.`);
  }
  const order = orderWithPositionAfter(word, field('sentiment'), 'sentiment', 'action');
  if (!order.ok) return order;
  if ('target' in order.value) return { ok: true, fields: { ...shared, target: 'flat' }, names };

  const isLimit = typeof field('orderType') === 'string' && String(field('orderType')).trim().toLowerCase() === 'limit';
  // The entry the relative prices and dollar amounts count from: the limit price, else the signal price.
  const entryName = isLimit ? 'limitPrice' : isAbsent(field('price')) ? 'signalPrice' : 'price';
  const entry = readPositiveNumber(field(entryName), entryName, 'price');
  if (!entry.ok) return entry;
  const reference = entry.value === undefined ? undefined : { price: entry.value, name: entryName };

  const quantity = readQuantity(payload, reference);
  if (!quantity.ok) return quantity;
  const isBuy = word === 'buy';
  const takeProfit = protectiveLeg(payload, 'takeProfit', isBuy, reference);
  if (!takeProfit.ok) return takeProfit;
  const trailing = trailingStopLeg(payload);
  if (!trailing.ok) return trailing;
  const stopLoss = trailing.value === undefined ? protectiveLeg(payload, 'stopLoss', !isBuy, reference) : ({ ok: true, value: undefined } as const);
  if (!stopLoss.ok) return stopLoss;

  return {
    ok: true,
    fields: {
      ...shared,
      action: word,
      price: entry.value,
      quantity: quantity.value,
      takeProfit: takeProfit.value?.value,
      stopLoss: stopLoss.value?.value,
      trailingStop: trailing.value,
    },
    names: {
      ...names,
      price: entryName,
      ...(takeProfit.value !== undefined ? { takeProfit: takeProfit.value.name } : {}),
      ...(stopLoss.value !== undefined ? { stopLoss: stopLoss.value.name } : {}),
    },
  };
}

type Reference = { price: number; name: string } | undefined;

/**
 * How much an exit closes (TradersPost: "in full unless quantity is less than its size"): all of
 * the position without a quantity; with `quantityType` "percent_of_position" that percent of it;
 * else coins, read as an entry's quantity is (dollars turned into coins at the alert's price).
 */
function exitPart(payload: Payload): FieldResult<{ percent?: unknown; quantity?: unknown }> {
  const quantity = valueAt(payload, 'quantity');
  if (isAbsent(quantity)) return { ok: true, value: {} };
  const type = valueAt(payload, 'quantityType');
  if (typeof type === 'string' && type.trim().toLowerCase() === 'percent_of_position') return { ok: true, value: { percent: quantity } };
  const entryName = isAbsent(valueAt(payload, 'price')) ? 'signalPrice' : 'price';
  const entry = readPositiveNumber(valueAt(payload, entryName), entryName, 'price');
  if (!entry.ok) return entry;
  const coins = readQuantity(payload, entry.value === undefined ? undefined : { price: entry.value, name: entryName });
  if (!coins.ok) return coins;
  return { ok: true, value: { quantity: coins.value } };
}

/** `quantity` by its `quantityType`: coins as they are, dollars turned into coins at the entry price. */
function readQuantity(payload: Payload, reference: Reference): FieldResult<unknown> {
  const quantity = valueAt(payload, 'quantity');
  const type = valueAt(payload, 'quantityType');
  const kind = isAbsent(type) ? 'fixed_quantity' : typeof type === 'string' ? type.trim().toLowerCase() : '';
  if (kind === 'fixed_quantity') return { ok: true, value: quantity };
  if (kind === 'dollar_amount') {
    const dollars = readPositiveNumber(quantity, 'quantity', 'number of USD');
    if (!dollars.ok || dollars.value === undefined) return dollars;
    if (reference === undefined) {
      return fieldRejected(
        'UNSUPPORTED_VALUE',
        'quantity',
        'A "dollar_amount" quantity needs "signalPrice" (or "price") to be turned into coins, as TradersPost does; add "signalPrice": "{{close}}", or leave "quantity" out to size from your Settings.',
      );
    }
    return { ok: true, value: new Dec(dollars.value).div(reference.price).toNumber() };
  }
  return fieldRejected(
    'UNSUPPORTED_VALUE',
    'quantityType',
    `"quantityType": ${describeValue(type)} is not read: hyperhook sizes an alert in coins or USD only (risk and percent sizing are your Settings' choice). ` +
      'Send "fixed_quantity" (coins) or "dollar_amount" (USD), or leave "quantity" out to size from your Settings.',
  );
}

const ABSOLUTE = { takeProfit: 'limitPrice', stopLoss: 'stopPrice' } as const;

/**
 * A takeProfit or stopLoss object as one trigger price and the field it came from. `above` says
 * which side of the entry it lies on (a buy's take-profit, a sell's stop-loss). A plain number is
 * taken as a price, as in hyperhook's own format.
 */
function protectiveLeg(
  payload: Payload,
  leg: 'takeProfit' | 'stopLoss',
  above: boolean,
  reference: Reference,
): FieldResult<{ value: unknown; name: string } | undefined> {
  const value = valueAt(payload, leg);
  if (isAbsent(value)) return { ok: true, value: undefined };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: true, value: { value, name: leg } };
  const part = (key: string): unknown => valueAt(payload, `${leg}.${key}`);
  const type = part('type');
  if (leg === 'stopLoss' && !isAbsent(type) && (typeof type !== 'string' || type.trim().toLowerCase() !== 'stop')) {
    return fieldRejected(
      'UNSUPPORTED_VALUE',
      'stopLoss.type',
      `"stopLoss.type": ${describeValue(type)} is not read: hyperhook's stop-loss is a stop order that closes at market. Send "type": "stop".`,
    );
  }
  const absolute = ABSOLUTE[leg];
  if (!isAbsent(part(absolute))) return { ok: true, value: { value: part(absolute), name: `${leg}.${absolute}` } };
  for (const key of ['percent', 'amount'] as const) {
    const name = `${leg}.${key}`;
    const offset = readPositiveNumber(part(key), name, key === 'percent' ? 'percent' : 'price difference');
    if (!offset.ok) return offset;
    if (offset.value === undefined) continue;
    if (reference === undefined) {
      return fieldRejected(
        'UNSUPPORTED_VALUE',
        name,
        `Field "${name}" counts from the entry price: add "signalPrice" (e.g. "{{close}}"), or send "${absolute}" instead.`,
      );
    }
    const distance = key === 'percent' ? new Dec(reference.price).mul(offset.value).div(100) : new Dec(offset.value);
    const price = above ? distance.add(reference.price) : new Dec(reference.price).sub(distance);
    if (price.lte(0)) {
      return fieldRejected(
        'INVALID_NUMBER',
        name,
        `Field "${name}" puts the ${leg === 'takeProfit' ? 'take-profit' : 'stop-loss'} at ${price.toString()}, which is not a price.`,
      );
    }
    return { ok: true, value: { value: price.toNumber(), name } };
  }
  return fieldRejected('UNSUPPORTED_VALUE', leg, `Field "${leg}" must give "${absolute}", "percent" or "amount".`);
}

/** The order an "add" is: a buy to a long position, a sell to a short one, as its sentiment says. */
function addDirection(sentiment: unknown): FieldResult<'buy' | 'sell'> {
  const said = typeof sentiment === 'string' ? sentiment.trim().toLowerCase() : '';
  if (said === 'long' || said === 'bullish') return { ok: true, value: 'buy' };
  if (said === 'short' || said === 'bearish') return { ok: true, value: 'sell' };
  return fieldRejected(
    'UNSUPPORTED_VALUE',
    'sentiment',
    '"action": "add" adds to the open position in its direction: send "sentiment": "long" or "short" with it (e.g. "{{strategy.market_position}}"), or send "buy" / "sell".',
  );
}

/**
 * A trailing stop-loss leg (`"stopLoss": {"type": "trailing_stop", "trailPercent": 2}`, or
 * `trailAmount` in dollars; `percent` / `amount` read the same): hyperhook's trailingStop (issue 41).
 */
function trailingStopLeg(payload: Payload): FieldResult<{ percent: unknown } | { amount: unknown } | undefined> {
  const type = valueAt(payload, 'stopLoss.type');
  if (typeof type !== 'string' || type.trim().toLowerCase() !== 'trailing_stop') return { ok: true, value: undefined };
  const part = (...keys: string[]) => keys.map((key) => valueAt(payload, `stopLoss.${key}`)).find((value) => !isAbsent(value));
  const percent = part('trailPercent', 'percent');
  const amount = part('trailAmount', 'amount');
  if ((percent === undefined) === (amount === undefined)) {
    return fieldRejected(
      'UNSUPPORTED_VALUE',
      'stopLoss',
      'A "trailing_stop" stop-loss needs exactly one of "trailPercent" (how far behind the price, in percent) and "trailAmount" (in dollars).',
    );
  }
  return { ok: true, value: percent !== undefined ? { percent } : { amount } };
}
