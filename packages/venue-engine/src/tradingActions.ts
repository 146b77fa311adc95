/**
 * The non-order L1 actions: cancel, cancelByCloid, updateLeverage, scheduleCancel (dead-man
 * switch) and the clock that fires scheduled cancels.
 */
import { CANCEL_MISSING, FAST_CANCEL_TRIGGER, TopLevel } from './errors.js';
import { cancelOrder } from './execution.js';
import type { SimAccount, SimOrder, SimState } from './simState.js';

/** `{"status":"ok","response":{"type":"default"}}` or a top-level error. */
export type DefaultReply = { status: 'ok'; response: { type: 'default' } } | { status: 'err'; response: string };

/** Positional cancel statuses. */
export type CancelStatus = 'success' | { error: string };

const OK: DefaultReply = { status: 'ok', response: { type: 'default' } };
const fail = (response: string): DefaultReply => ({ status: 'err', response });

/** Volume an account must have traded before it may use scheduleCancel (observed). */
export const SCHEDULE_CANCEL_MIN_VOLUME = 1_000_000;
/** Scheduled cancels that may fire per UTC day. */
export const SCHEDULE_CANCEL_DAILY_LIMIT = 10;
/** A scheduled cancel must be at least this far ahead. */
export const SCHEDULE_CANCEL_MIN_LEAD_MS = 5_000;
/** Cancels per action above which the venue refuses the whole batch. */
export const MAX_CANCELS_PER_ACTION = 200;

function cancelOne(state: SimState, order: SimOrder | undefined, fast: boolean): CancelStatus {
  if (!order || order.status !== 'open') return { error: CANCEL_MISSING };
  if (fast && order.trigger && !order.triggered) return { error: FAST_CANCEL_TRIGGER };
  cancelOrder(state, order, 'canceled');
  return 'success';
}

/** `cancel`: by (asset, oid); only the account's own live orders. */
export function cancelByOid(state: SimState, acct: SimAccount, cancels: { a: number; o: number }[], fast: boolean): CancelStatus[] {
  return cancels.map((c) => {
    const order = state.orders.get(c.o);
    return cancelOne(state, order && order.user === acct.address && order.asset === c.a ? order : undefined, fast);
  });
}

/** `cancelByCloid`: the account's live order with that cloid on that asset. */
export function cancelByCloid(state: SimState, acct: SimAccount, cancels: { asset: number; cloid: string }[], fast: boolean): CancelStatus[] {
  return cancels.map((c) => {
    const cloid = c.cloid.toLowerCase();
    const order = state.liveOrders({ user: acct.address, asset: c.asset }).find((o) => o.cloid === cloid);
    return cancelOne(state, order, fast);
  });
}

/** `updateLeverage`: integer 1..maxLeverage; no cross on isolated-only assets; no type switch with a position. */
export function updateLeverage(state: SimState, acct: SimAccount, assetId: number, isCross: boolean, leverage: number): DefaultReply {
  const asset = state.asset(assetId);
  if (!asset) return fail(TopLevel.unknownAsset(assetId));
  if (leverage < 1 || leverage > asset.maxLeverage) return fail(TopLevel.invalidLeverage);
  if (isCross && asset.onlyIsolated) return fail(TopLevel.crossNotAllowed);
  const type = isCross ? 'cross' : 'isolated';
  if (state.leverageOf(acct, assetId).type !== type && state.positionLots(acct, assetId) !== 0) {
    return fail(TopLevel.cannotSwitchLeverageType);
  }
  acct.leverage.set(assetId, { type, value: leverage });
  return OK;
}

const utcDay = (ms: number): number => Math.floor(ms / 86_400_000);

/** `scheduleCancel`: set (time) or unset (no time) the dead-man switch; volume-gated like the venue. */
export function scheduleCancel(state: SimState, acct: SimAccount, time: number | null | undefined): DefaultReply {
  if (acct.cumVlm < SCHEDULE_CANCEL_MIN_VOLUME) return fail(TopLevel.scheduleCancelVolume(acct.cumVlm));
  if (time === null || time === undefined) {
    acct.scheduledCancelTime = null;
    return OK;
  }
  const now = state.now();
  if (time < now + SCHEDULE_CANCEL_MIN_LEAD_MS) return fail(TopLevel.scheduleCancelTooEarly);
  const today = acct.scheduledCancelDay.day === utcDay(now) ? acct.scheduledCancelDay.count : 0;
  if (today >= SCHEDULE_CANCEL_DAILY_LIMIT) return fail(TopLevel.scheduleCancelDailyLimit);
  acct.scheduledCancelTime = time;
  return OK;
}

/** Fires every scheduled cancel that is due: all the account's live orders end `scheduledCancel`. */
export function runScheduledCancels(state: SimState): void {
  const now = state.now();
  for (const acct of state.accounts.values()) {
    if (acct.scheduledCancelTime === null || acct.scheduledCancelTime > now) continue;
    for (const order of state.liveOrders({ user: acct.address })) cancelOrder(state, order, 'scheduledCancel');
    acct.scheduledCancelTime = null;
    const day = utcDay(now);
    acct.scheduledCancelDay = { day, count: (acct.scheduledCancelDay.day === day ? acct.scheduledCancelDay.count : 0) + 1 };
  }
}
