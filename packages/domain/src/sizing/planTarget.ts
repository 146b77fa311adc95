import { Dec } from '../exchange/decimal.js';
import { orderNotional } from '../exchange/orderNotional.js';
import { toWireDecimal } from '../exchange/toWireDecimal.js';
import { truncateSize } from '../exchange/truncateSize.js';
import { planClose } from './planClose.js';
import { openLeverage, openPosition } from './openPosition.js';
import { planEntry } from './planEntry.js';
import type { PlanOrderInput } from './planOrderInputSchema.js';
import { rejectPlan, type PlanOrderResult } from './planRejection.js';
import { resolveLeverage } from './resolveLeverage.js';

/**
 * A target alert ("be long", "be short", "be flat"): only the difference between the position the
 * account holds in the coin and the one wanted is sent.
 * - flat: a reduce-only close of the whole position, or nothing when already flat;
 * - long or short from flat: an entry on that side, sized like a buy or sell (its `quantity` in
 *   coins, its `size` in USD, else Settings), with every rule of an entry;
 * - the same side without a quantity: nothing, the position stays as it is;
 * - the same side with a quantity: an entry for the part missing, or a reduce-only order for the
 *   part beyond it; Max Position Size caps the wanted position here, not each order, or every
 *   repeat of the alert would add another order's worth;
 * - the other side: one order that closes the position and opens the wanted one (a flip), the
 *   opening part sized and checked like an entry.
 * "Nothing to send" is ALREADY_AT_TARGET with a sentence naming the position held, so the log
 * explains it; a missed alert is repaired by the next one, and the same target twice is a no-op.
 */
export function planTarget(input: PlanOrderInput, midOk: boolean): PlanOrderResult {
  const { alert, asset, positions } = input;
  const target = alert.target;
  if (target === undefined) throw new Error('planTarget was given an alert without a target.');
  const open = openPosition(positions, asset.coin);
  const held = open === undefined ? new Dec(0) : new Dec(truncateSize(Math.abs(open.szi), asset.szDecimals)).mul(Math.sign(open.szi));
  const side = held.isZero() ? 'flat' : held.isPositive() ? 'long' : 'short';
  const heldText = `${side} ${toWireDecimal(held.abs().toFixed())} ${asset.coin}`;

  // A target's reduce closes all of the part beyond the target: its quantity is the size wanted
  // after it, never a part to close.
  const { quantity: _wanted, percent: _percent, ...closing } = alert;
  if (target === 'flat') {
    if (side === 'flat') return rejectPlan('ALREADY_AT_TARGET', `Already flat in ${asset.coin}: nothing to send.`);
    return planClose({ ...input, alert: closing }, midOk);
  }
  const entry = (quantity: number | undefined): PlanOrderResult => {
    const { target: _target, quantity: _quantity, ...plain } = alert;
    return planEntry({ ...input, alert: { ...plain, action: target === 'long' ? 'buy' : 'sell', ...(quantity !== undefined ? { quantity } : {}) } }, midOk);
  };
  if (side === 'flat') return entry(alert.quantity);

  if (side === target) {
    if (alert.quantity === undefined) return rejectPlan('ALREADY_AT_TARGET', `Already ${heldText}: nothing to send.`);
    const wanted = Dec.min(new Dec(truncateSize(alert.quantity, asset.szDecimals)), positionCap(input));
    const missing = wanted.minus(held.abs());
    if (missing.isZero()) return rejectPlan('ALREADY_AT_TARGET', `Already ${heldText}, the size the alert wants: nothing to send.`);
    if (missing.isPositive()) return entry(missing.toNumber());
    // Beyond the wanted size: a reduce-only order for the excess, as a close of that part.
    return planClose(
      {
        ...input,
        alert: closing,
        positions: [{ coin: asset.coin, szi: held.isPositive() ? -missing.toNumber() : missing.toNumber(), leverage: open?.leverage ?? 0 }],
      },
      midOk,
    );
  }

  // The other side: close the held position and open the wanted one in one order.
  const opening = entry(alert.quantity);
  if (!opening.ok) return opening;
  const size = toWireDecimal(new Dec(opening.plan.size).plus(held.abs()).toFixed());
  return {
    ok: true,
    plan: {
      ...opening.plan,
      size,
      children: opening.plan.children.map((child) => ({ ...child, size })),
      orderNotionalUsd: orderNotional(opening.plan.referencePrice, size),
    },
  };
}

/** The most coins Max Position Size lets the wanted position hold (no cap: unlimited). */
function positionCap({ alert, settings, asset, mid, positions }: PlanOrderInput): InstanceType<typeof Dec> {
  const cap = settings.riskLimits.maxPositionSize;
  const price = alert.orderType === 'limit' && alert.price !== undefined ? alert.price : mid;
  if (!(cap > 0) || !(price > 0)) return new Dec(Number.MAX_SAFE_INTEGER);
  // The same leverage the entry for the missing part takes (planEntry).
  const { leverage } = resolveLeverage(alert.leverage ?? openLeverage(positions, asset.coin) ?? settings.trading.leverage, asset.maxLeverage);
  return new Dec(truncateSize(new Dec(cap).mul(leverage).div(price).toFixed(), asset.szDecimals));
}
