import { alertRejection, fieldRejected, type FieldResult } from './alertRejection.js';
import type { ParsedAlert } from './alertSchema.js';
import {
  isAbsent,
  readAction,
  readId,
  readLeverage,
  readOrderType,
  readBreakEven,
  readPercent,
  readPositionSize,
  readPositiveNumber,
  readSymbol,
  readTarget,
  readTimeInForce,
} from './alertFields.js';
import { readTakeProfits, readTrailingStop } from './exitFields.js';
import { readCancelAfterMinutes, readLadder } from './restingEntryFields.js';

/** hyperhook's own alert fields: what every other connector's format is translated into. */
export const NATIVE_FIELDS = [
  'symbol',
  'action',
  'target',
  'positionSize',
  'orderType',
  'timeInForce',
  'breakEven',
  'cancelAfterMinutes',
  'ladder',
  'size',
  'quantity',
  'percent',
  'price',
  'stopLoss',
  'takeProfit',
  'takeProfits',
  'trailingStop',
  'leverage',
  'id',
] as const;
/** One of hyperhook's own alert fields. */
export type NativeField = (typeof NATIVE_FIELDS)[number];

/** Values under hyperhook's own field names, as the sender wrote them (not yet checked). */
export type NativeFields = Readonly<Partial<Record<NativeField, unknown>>>;

/**
 * For a native field read from another connector's field, that field's name ("ticker", "order.amount"),
 * so that a rejection names what the sender wrote.
 */
export type SenderNames = Readonly<Partial<Record<NativeField, string>>>;

/**
 * Reads and checks hyperhook's own alert fields (their rules are parseAlert's) into a ParsedAlert.
 * `names` renames fields in rejections for alerts translated from another connector's format.
 */
export function readNativeAlert(fields: NativeFields, names: SenderNames = {}): FieldResult<ParsedAlert> {
  const field = (name: NativeField): unknown => (Object.hasOwn(fields, name) ? fields[name] : undefined);
  const name = (native: NativeField): string => names[native] ?? native;

  const symbol = readSymbol(field('symbol'), name('symbol'));
  if (!symbol.ok) return symbol;
  const target = readTarget(field('target'), name('target'));
  if (!target.ok) return target;
  const positionSize = readPositionSize(field('positionSize'));
  if (!positionSize.ok) return positionSize;
  const wanted = target.value ?? positionSize.value?.target;
  // A target alert needs no action: its direction is the target's.
  const action = wanted !== undefined && isAbsent(field('action')) ? ({ ok: true, value: TARGET_ACTION[wanted] } as const) : readAction(field('action'));
  if (!action.ok) return action;
  const ladder = readLadder(field('ladder'));
  if (!ladder.ok) return ladder;
  // A ladder implies a limit entry: it needs no orderType of its own.
  const orderType = ladder.value !== undefined && isAbsent(field('orderType')) ? ({ ok: true, value: 'limit' } as const) : readOrderType(field('orderType'));
  if (!orderType.ok) return orderType;
  const timeInForce = readTimeInForce(field('timeInForce'));
  if (!timeInForce.ok) return timeInForce;
  const size = readPositiveNumber(field('size'), name('size'), 'number of USD');
  if (!size.ok) return size;
  const price = readPositiveNumber(field('price'), name('price'), 'price');
  if (!price.ok) return price;
  const stopLoss = readPositiveNumber(field('stopLoss'), name('stopLoss'), 'price');
  if (!stopLoss.ok) return stopLoss;
  const takeProfit = readPositiveNumber(field('takeProfit'), name('takeProfit'), 'price');
  if (!takeProfit.ok) return takeProfit;
  const leverage = readLeverage(field('leverage'));
  if (!leverage.ok) return leverage;
  const id = readId(field('id'));
  if (!id.ok) return id;
  const quantity = readPositiveNumber(field('quantity'), name('quantity'), 'number of coins');
  if (!quantity.ok) return quantity;
  const percent = readPercent(field('percent'), name('percent'));
  if (!percent.ok) return percent;
  const breakEven = readBreakEven(field('breakEven'));
  if (!breakEven.ok) return breakEven;
  const takeProfits = readTakeProfits(field('takeProfits'));
  if (!takeProfits.ok) return takeProfits;
  const trailingStop = readTrailingStop(field('trailingStop'));
  if (!trailingStop.ok) return trailingStop;
  const cancelAfterMinutes = readCancelAfterMinutes(field('cancelAfterMinutes'));
  if (!cancelAfterMinutes.ok) return cancelAfterMinutes;

  // A target alert's direction is its target's, whatever `action` says (a close of a short reads "buy").
  const effective = wanted === undefined ? action.value : TARGET_ACTION[wanted];
  const opens = effective === 'buy' || effective === 'sell';
  if (ladder.value !== undefined) {
    const refused = ladderRefusal(
      {
        wanted,
        effective,
        orderType: orderType.value,
        price: price.value,
        timeInForce: timeInForce.value,
        stopLoss: stopLoss.value,
        takeProfit: takeProfit.value,
      },
      name,
    );
    if (refused !== null) return refused;
  }
  if (orderType.value === 'limit' && price.value === undefined && ladder.value === undefined && opens) {
    const priceName = name('price');
    return {
      ok: false,
      rejection: alertRejection(
        'LIMIT_WITHOUT_PRICE',
        `Field "${priceName}" is required when "orderType" is "limit": the limit price to buy or sell at.`,
        priceName,
      ),
    };
  }

  // A market order is an IOC at the slippage guard, and a close trades at market: only an opening
  // limit order has a time in force to choose.
  const opensByLimit = orderType.value === 'limit' && opens;
  if (timeInForce.value !== undefined && timeInForce.value !== 'IOC' && !opensByLimit)
    return fieldRejected(
      'UNSUPPORTED_VALUE',
      name('timeInForce'),
      `Field "${name('timeInForce')}" "${timeInForce.value}" needs "orderType": "limit" with a "price": market orders and closes fill at once (IOC).`,
    );

  const exits = checkExitFields(
    { takeProfit: takeProfit.value, takeProfits: takeProfits.value, trailingStop: trailingStop.value, breakEven: breakEven.value, stopLoss: stopLoss.value },
    { effective, rests: opensByLimit && timeInForce.value !== 'IOC', name },
  );
  if (exits !== undefined) return exits;
  if (effective === 'update') {
    const extra = (['size', 'quantity', 'percent', 'price', 'leverage', 'target', 'positionSize'] as const).find((key) => !isAbsent(field(key)));
    if (extra !== undefined || orderType.value === 'limit')
      return fieldRejected(
        'UNSUPPORTED_VALUE',
        name(extra ?? 'orderType'),
        `An "update" sends no order: it changes the protection of the position the strategy holds. Leave out "${name(extra ?? 'orderType')}".`,
      );
  }

  // Only an order that rests can be cancelled later: a limit entry (or a ladder) at GTC or ALO.
  if (cancelAfterMinutes.value !== undefined && (!opensByLimit || timeInForce.value === 'IOC'))
    return fieldRejected(
      'UNSUPPORTED_VALUE',
      'cancelAfterMinutes',
      'Field "cancelAfterMinutes" needs a resting limit entry: "orderType": "limit" with a "price" (GTC or ALO), or a "ladder"; market orders, IOC limits, closes and cancels never rest.',
    );

  if (percent.value !== undefined) {
    const percentName = name('percent');
    if (wanted !== undefined || effective !== 'close')
      return fieldRejected(
        'UNSUPPORTED_VALUE',
        percentName,
        `Field "${percentName}" is the part of the position a "close" closes; send it with "action": "close", or leave it out.`,
      );
    if (quantity.value !== undefined)
      return fieldRejected(
        'UNSUPPORTED_VALUE',
        percentName,
        `A close takes "${percentName}" or "${name('quantity')}" (coins), not both: send the one that says how much to close.`,
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
  if (percent.value !== undefined) alert.percent = percent.value;
  if (breakEven.value !== undefined) alert.breakEven = breakEven.value;
  if (takeProfits.value !== undefined) alert.takeProfits = takeProfits.value;
  if (trailingStop.value !== undefined) alert.trailingStop = trailingStop.value;
  if (timeInForce.value !== undefined && opensByLimit) alert.timeInForce = timeInForce.value;
  if (cancelAfterMinutes.value !== undefined) alert.cancelAfterMinutes = cancelAfterMinutes.value;
  if (ladder.value !== undefined) alert.ladder = ladder.value;
  return { ok: true, value: alert };
}

/** What a ladder cannot go with, as a refusal naming the field at fault; null when the alert may ladder. */
function ladderRefusal(
  alert: {
    wanted: string | undefined;
    effective: string;
    orderType: string;
    price: number | undefined;
    timeInForce: string | undefined;
    stopLoss: number | undefined;
    takeProfit: number | undefined;
  },
  name: (native: NativeField) => string,
): FieldResult<never> | null {
  if (alert.wanted !== undefined || (alert.effective !== 'buy' && alert.effective !== 'sell'))
    return fieldRejected('UNSUPPORTED_VALUE', 'ladder', 'Field "ladder" belongs to a "buy" or "sell" entry: it splits that entry into resting limit orders.');
  if (alert.orderType !== 'limit')
    return fieldRejected('UNSUPPORTED_VALUE', 'ladder', 'Field "ladder" places limit orders: leave "orderType" out or send "limit".');
  if (alert.price !== undefined)
    return fieldRejected('UNSUPPORTED_VALUE', name('price'), `A ladder sets its own prices from "ladder.from" to "ladder.to": leave "${name('price')}" out.`);
  if (alert.timeInForce === 'IOC')
    return fieldRejected('UNSUPPORTED_VALUE', name('timeInForce'), 'A ladder\'s orders rest on the book (GTC, or ALO): "IOC" would cancel them at once.');
  // Its legs fill one by one, later: a stop sized to the whole ladder cannot ride on any one of them.
  const protective = alert.stopLoss !== undefined ? name('stopLoss') : alert.takeProfit !== undefined ? name('takeProfit') : undefined;
  if (protective !== undefined)
    return fieldRejected(
      'UNSUPPORTED_VALUE',
      protective,
      `A ladder does not take "${protective}" yet: its orders fill one by one, later. Send the stop-loss or take-profit with a later alert once it has filled.`,
    );
  return null;
}

/** The direction a target names, for the log's action column. */
const TARGET_ACTION = { long: 'buy', short: 'sell', flat: 'close' } as const;

const PROTECTION_FIELDS = ['stopLoss', 'takeProfit', 'takeProfits', 'trailingStop', 'breakEven'] as const;

/**
 * The exit fields' rules (issue 41): protection belongs to an alert that opens or adds to a
 * position, or to an update, which must name some; one take-profit or several, not both; and the
 * take-profits and trail that hyperhook places itself need the entry's fill at once, so a limit that
 * rests cannot carry them (its grouped stop-loss and take-profit ride on it at the venue instead).
 */
function checkExitFields(
  given: Readonly<Partial<Record<(typeof PROTECTION_FIELDS)[number], unknown>>>,
  context: { readonly effective: string; readonly rests: boolean; readonly name: (native: NativeField) => string },
): FieldResult<never> | undefined {
  const { effective, rests, name } = context;
  const present = PROTECTION_FIELDS.filter((key) => given[key] !== undefined);
  if (effective === 'update' && present.length === 0)
    return fieldRejected(
      'UNSUPPORTED_VALUE',
      'action',
      'An "update" changes the position\'s protection: send at least one of "stopLoss", "takeProfit", "takeProfits", "trailingStop" and "breakEven".',
    );
  if (effective === 'close' || effective === 'cancel') {
    const misplaced = present.find((key) => key !== 'stopLoss' && key !== 'takeProfit');
    if (misplaced !== undefined)
      return fieldRejected(
        'UNSUPPORTED_VALUE',
        name(misplaced),
        `Field "${name(misplaced)}" belongs to an alert that opens or adds to a position ("buy", "sell", or a long or short target), or to an "update".`,
      );
  }
  if (given.takeProfit !== undefined && given.takeProfits !== undefined)
    return fieldRejected(
      'UNSUPPORTED_VALUE',
      name('takeProfits'),
      `Send "${name('takeProfit')}" (one take-profit for the whole position) or "${name('takeProfits')}" (several, each with its percent), not both.`,
    );
  const placedLater = (['takeProfits', 'trailingStop'] as const).find((key) => given[key] !== undefined);
  if (rests && placedLater !== undefined)
    return fieldRejected(
      'UNSUPPORTED_VALUE',
      name(placedLater),
      `Field "${name(placedLater)}" needs an entry that fills at once (market, or a limit with "timeInForce": "IOC"); for a resting limit send an "update" once it has filled.`,
    );
  return undefined;
}
