import { isAbsent } from '../alertFields.js';
import { describeValue } from '../describeValue.js';
import { hasField, refused, type AlertFormatReader, type Translation } from './alertFormatReader.js';

const SIDES: Readonly<Record<string, 'buy' | 'sell'>> = { long: 'buy', short: 'sell', buy: 'buy', sell: 'sell' };

/**
 * hyperhook's own alert with `side` (long | short, or buy | sell) in place of `action`, as several
 * bots write it: long is a buy, short a sell. Recognised by `symbol` and `side` with neither
 * `action`, `target` nor `positionSize` (any of those makes it hyperhook's own alert, `side` then
 * unread). Every other field is read as in hyperhook's own format. There is no closing side: a
 * close is `"action": "close"`.
 */
export const sideField: AlertFormatReader = {
  format: 'side',
  reads: ['symbol', 'side', 'orderType', 'size', 'quantity', 'price', 'stopLoss', 'takeProfit', 'leverage', 'id'],
  recognises: (payload) =>
    hasField(payload, 'side') &&
    !isAbsent(payload['side']) &&
    ['action', 'target', 'positionSize'].every((name) => isAbsent(hasField(payload, name) ? payload[name] : undefined)),
  translate(payload): Translation {
    const side = payload['side'];
    const key = typeof side === 'string' ? side.trim().toLowerCase() : '';
    const action = Object.hasOwn(SIDES, key) ? SIDES[key] : undefined;
    if (action === undefined) {
      return refused(
        'INVALID_ACTION',
        'side',
        `Field "side" must be "long" or "short" ("buy" or "sell" too); got ${describeValue(side)}. To close a position send "action": "close".`,
      );
    }
    const { side: _side, ...rest } = payload;
    return { ok: true, fields: { ...rest, action } };
  },
};
