import { Dec } from '../../exchange/decimal.js';
import { fieldRejected, type FieldResult } from '../alertRejection.js';
import { isAbsent, readPositiveNumber, valueAt } from '../alertFields.js';
import { describeValue } from '../describeValue.js';
import type { NativeFields } from '../readNativeAlert.js';
import { hasField, refused, unsupported, type AlertFormatReader, type Translation } from './alertFormatReader.js';
import { orderWithPositionAfter } from './positionAfterOrder.js';

// TVAC, junta/tradingview-alert-connector (its README, src/types.ts, validateAlert.ts and
// hyperliquid/buildOrderParams.ts); see docs/research/alert-formats.md.

type Payload = Readonly<Record<string, unknown>>;

/**
 * TVAC: `market`, `order` (buy | sell), `position` (the strategy's position after the order),
 * `reverse`, a size as `size` (coins) or `sizeUsd`, and `price`. Recognised by `market` with
 * `order` or `exchange`. `exchange`, `strategy` and `passphrase` are TVAC's own and not read.
 * - order + position: see orderWithPositionAfter (flat closes the whole position; a partial exit
 *   is refused).
 * - reverse true: TVAC doubles the order so that it closes the other side and opens this one; here
 *   that is a target alert for this side with the size as the wanted position, which sends only
 *   the difference from what the account holds.
 * - sizeUsd: coins = sizeUsd ÷ price, TVAC's own formula, so it needs `price`.
 * - sizeByLeverage (a multiple of the account's equity) is refused: hyperhook's own sizing is the
 *   Settings', and a multiple of equity would be a different size on every account.
 * - A market with a colon ("xyz:TSLA") is a HIP-3 builder market, which hyperhook does not trade:
 *   refused, since reading the part after the colon would trade the main market's coin.
 */
export const tvac: AlertFormatReader = {
  format: 'tvac',
  reads: ['market', 'order', 'position', 'reverse', 'size', 'sizeUsd', 'sizeByLeverage', 'price', 'leverage', 'id'],
  recognises: (payload) => hasField(payload, 'market') && (hasField(payload, 'order') || hasField(payload, 'exchange')),
  translate,
};

function translate(payload: Payload): Translation {
  const field = (path: string): unknown => valueAt(payload, path);
  const market = field('market');
  if (typeof market === 'string' && market.includes(':')) {
    return unsupported(
      'market',
      `"market": ${describeValue(market)} is a HIP-3 builder market, which hyperhook does not trade. Send a Hyperliquid perp such as "ETH".`,
    );
  }
  const shared: NativeFields = { symbol: market, price: field('price'), leverage: field('leverage'), id: field('id') };
  const names = { symbol: 'market' };
  const order = field('order');
  if (isAbsent(order)) return refused('MISSING_ACTION', 'order', 'Field "order" is required: "buy" or "sell".');
  const side = typeof order === 'string' ? order.trim().toLowerCase() : '';
  if (side !== 'buy' && side !== 'sell') return refused('INVALID_ACTION', 'order', `Field "order" must be "buy" or "sell"; got ${describeValue(order)}.`);
  const reverse = readReverse(field('reverse'));
  if (!reverse.ok) return reverse;
  const after = orderWithPositionAfter(side, field('position'), 'position', 'order');
  if (!after.ok) return after;
  if ('target' in after.value) return { ok: true, fields: { ...shared, target: 'flat' }, names };

  const size = readSize(payload);
  if (!size.ok) return size;
  const direction: NativeFields = reverse.value ? { target: side === 'buy' ? 'long' : 'short' } : { action: side };
  return { ok: true, fields: { ...shared, ...direction, quantity: size.value.quantity }, names: { ...names, quantity: size.value.name } };
}

function readReverse(value: unknown): FieldResult<boolean> {
  if (isAbsent(value) || value === false || value === 'false') return { ok: true, value: false };
  if (value === true || value === 'true') return { ok: true, value: true };
  return fieldRejected('UNSUPPORTED_VALUE', 'reverse', `Field "reverse" must be true or false; got ${describeValue(value)}.`);
}

/** The order's size in coins and the field it came from, in TVAC's precedence: sizeByLeverage, sizeUsd, size. */
function readSize(payload: Payload): FieldResult<{ quantity: unknown; name: string }> {
  if (!isAbsent(valueAt(payload, 'sizeByLeverage'))) {
    return fieldRejected(
      'UNSUPPORTED_VALUE',
      'sizeByLeverage',
      '"sizeByLeverage" (a multiple of the account\'s equity) is not read: hyperhook does not size an alert from equity. Send "size" (coins) or "sizeUsd", or leave the size out to size from your Settings.',
    );
  }
  const usd = readPositiveNumber(valueAt(payload, 'sizeUsd'), 'sizeUsd', 'number of USD');
  if (!usd.ok) return usd;
  if (usd.value === undefined) return { ok: true, value: { quantity: valueAt(payload, 'size'), name: 'size' } };
  const price = readPositiveNumber(valueAt(payload, 'price'), 'price', 'price');
  if (!price.ok) return price;
  if (price.value === undefined) {
    return fieldRejected(
      'UNSUPPORTED_VALUE',
      'sizeUsd',
      '"sizeUsd" is turned into coins at the alert\'s "price", as TVAC does: add "price": "{{close}}", or send "size" in coins.',
    );
  }
  return { ok: true, value: { quantity: new Dec(usd.value).div(price.value).toNumber(), name: 'sizeUsd' } };
}
