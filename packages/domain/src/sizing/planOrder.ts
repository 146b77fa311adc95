import { CloidSchema } from '../exchange/cloidSchema.js';
import { planClose } from './planClose.js';
import { planEntry } from './planEntry.js';
import { netToAccount } from './netToAccount.js';
import { openPosition } from './openPosition.js';
import { planTarget } from './planTarget.js';
import type { PlanOrderInput } from './planOrderInputSchema.js';
import { rejectPlan, type PlanOrderResult } from './planRejection.js';

/**
 * Turns a parsed alert into the exchange order the executor will sign, applying every rule of
 * spec §5/§9 and ARCHITECTURE §5/§9 (sizing and caps, leverage clamp, price and size rounding,
 * slippage guard, $10 minimum, require-stop-loss, Max Open Positions, close, TP/SL). Business
 * refusals come back as `{ ok: false, code, message }`; inputs that only a caller bug can produce
 * (an asset for another coin, a malformed cloid) throw.
 */
export function planOrder(input: PlanOrderInput): PlanOrderResult {
  if (input.asset.coin !== input.alert.coin) {
    throw new Error(`planOrder was given asset ${input.asset.coin} for an alert on ${input.alert.coin}.`);
  }
  CloidSchema.parse(input.cloid);
  if (input.alert.action === 'cancel') {
    return rejectPlan(
      'CANCEL_ONLY',
      `A cancel sends no new order: it cancels this strategy's resting ${input.alert.coin} orders and keeps its stop-loss and take-profit.`,
    );
  }
  if (input.alert.action === 'update') {
    return rejectPlan(
      'UPDATE_ONLY',
      `An update sends no new order: it changes the stop-loss, take-profits and trail of this strategy's ${input.alert.coin} position.`,
    );
  }
  const midOk = Number.isFinite(input.mid) && input.mid > 0;
  const planned =
    input.alert.target !== undefined ? planTarget(input, midOk) : input.alert.action === 'close' ? planClose(input, midOk) : planEntry(input, midOk);
  if (!planned.ok || input.accountPositions === undefined) return planned;
  return netToAccount(planned.plan, openPosition(input.accountPositions, input.asset.coin)?.szi ?? 0);
}
