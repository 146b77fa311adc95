import { fieldRejected, type FieldResult } from './alertRejection.js';
import { isAbsent, readPercent, readPositiveNumber, valueAt } from './alertFields.js';
import { describeValue } from './describeValue.js';
import { MAX_TAKE_PROFITS, type TakeProfitAsk, type TrailingStopAsk } from './exitSchemas.js';

// Readers of the exit fields of issue 41 (takeProfits, trailingStop), with parseAlert's conventions:
// numbers may be decimal text, and a field that is null or blank counts as not given.

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `takeProfits`: up to five `{price | offsetPercent, percent}`, their percents adding up to at most
 * 100, no two at the same price, so each closes its own part of the position.
 */
export function readTakeProfits(value: unknown): FieldResult<TakeProfitAsk[] | undefined> {
  if (isAbsent(value)) return { ok: true, value: undefined };
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_TAKE_PROFITS) {
    return fieldRejected(
      'UNSUPPORTED_VALUE',
      'takeProfits',
      `Field "takeProfits" must be a list of 1 to ${MAX_TAKE_PROFITS} take-profits such as [{"price": 3600, "percent": 50}, {"offsetPercent": 4, "percent": 50}]; got ${describeValue(value)}.`,
    );
  }
  const asks: TakeProfitAsk[] = [];
  for (const [i, item] of value.entries()) {
    const at = `takeProfits[${i}]`;
    if (!isRecord(item))
      return fieldRejected('UNSUPPORTED_VALUE', at, `Field "${at}" must be an object such as {"price": 3600, "percent": 50}; got ${describeValue(item)}.`);
    const price = readPositiveNumber(valueAt(item, 'price'), `${at}.price`, 'price');
    if (!price.ok) return price;
    const offset = readPositiveNumber(valueAt(item, 'offsetPercent'), `${at}.offsetPercent`, 'percent from the entry');
    if (!offset.ok) return offset;
    if ((price.value === undefined) === (offset.value === undefined)) {
      return fieldRejected(
        'UNSUPPORTED_VALUE',
        at,
        `Field "${at}" needs exactly one of "price" (the trigger price) and "offsetPercent" (percent from the entry in your favour).`,
      );
    }
    const percent = readPercent(valueAt(item, 'percent'), `${at}.percent`);
    if (!percent.ok) return percent;
    if (percent.value === undefined) {
      return fieldRejected(
        'INVALID_NUMBER',
        `${at}.percent`,
        `Field "${at}.percent" is required: the part of the position this take-profit closes, in percent.`,
      );
    }
    if (price.value !== undefined && asks.some((ask) => ask.price === price.value)) {
      return fieldRejected('UNSUPPORTED_VALUE', at, `Field "${at}" repeats the price ${price.value}: give each take-profit its own price.`);
    }
    asks.push({ ...(price.value !== undefined ? { price: price.value } : { offsetPercent: offset.value as number }), percent: percent.value });
  }
  const total = asks.reduce((sum, ask) => sum + ask.percent, 0);
  if (total > 100 + 1e-9) {
    return fieldRejected('INVALID_NUMBER', 'takeProfits', `The take-profits' percents add up to ${total}; they may close at most 100% of the position.`);
  }
  return { ok: true, value: asks };
}

/**
 * `trailingStop`: `{percent}` or `{amount}` (USD behind the price), optionally with `activationPrice`
 * or `activationPercent`.
 */
export function readTrailingStop(value: unknown): FieldResult<TrailingStopAsk | undefined> {
  if (isAbsent(value)) return { ok: true, value: undefined };
  if (!isRecord(value)) {
    return fieldRejected(
      'UNSUPPORTED_VALUE',
      'trailingStop',
      `Field "trailingStop" must be an object such as {"percent": 2} or {"amount": 50, "activationPercent": 1}; got ${describeValue(value)}.`,
    );
  }
  const percent = readPercent(valueAt(value, 'percent'), 'trailingStop.percent');
  if (!percent.ok) return percent;
  const amount = readPositiveNumber(valueAt(value, 'amount'), 'trailingStop.amount', 'number of USD behind the price');
  if (!amount.ok) return amount;
  if ((percent.value === undefined) === (amount.value === undefined)) {
    return fieldRejected(
      'UNSUPPORTED_VALUE',
      'trailingStop',
      'Field "trailingStop" needs exactly one of "percent" (how far behind the price, in percent) and "amount" (in USD).',
    );
  }
  if (percent.value !== undefined && percent.value > 50) {
    return fieldRejected('INVALID_NUMBER', 'trailingStop.percent', `Field "trailingStop.percent" must be at most 50; got ${percent.value}.`);
  }
  const activationPrice = readPositiveNumber(valueAt(value, 'activationPrice'), 'trailingStop.activationPrice', 'price');
  if (!activationPrice.ok) return activationPrice;
  const activationPercent = readPositiveNumber(valueAt(value, 'activationPercent'), 'trailingStop.activationPercent', 'percent from the entry');
  if (!activationPercent.ok) return activationPercent;
  if (activationPrice.value !== undefined && activationPercent.value !== undefined) {
    return fieldRejected(
      'UNSUPPORTED_VALUE',
      'trailingStop',
      'Field "trailingStop" takes "activationPrice" or "activationPercent", not both: send the one that says when the trail starts.',
    );
  }
  return {
    ok: true,
    value: {
      ...(percent.value !== undefined ? { percent: percent.value } : { amount: amount.value as number }),
      ...(activationPrice.value !== undefined ? { activationPrice: activationPrice.value } : {}),
      ...(activationPercent.value !== undefined ? { activationPercent: activationPercent.value } : {}),
    },
  };
}
