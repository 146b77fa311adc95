import type { FillRecorded, FundingPaid } from '../account/accountEvents.js';
import type { AccountEvent } from '../eventModel/accountStreamEvents.js';
import { Dec } from '../exchange/decimal.js';
import { toWireDecimal } from '../exchange/toWireDecimal.js';
import { assertNever } from '../shared/assertNever.js';
import { FIRST_STRATEGY_ID, MAIN_ACCOUNT } from '../eventModel/strategyIds.js';
import type { PositionDriftReconciled } from './ledgerEvents.js';
import type { ProtectionUpdated } from '../protection/protectionEvents.js';
import { afterTargetFill } from '../protection/takeProfits.js';
import { withPnl } from './strategyActivity.js';
import {
  closeEveryStrategy,
  countSignalFill,
  EMPTY_LEDGER,
  holdingOf,
  protectionOf,
  RECENT_FILLS,
  remember,
  tradeHolding,
  tradeWithoutEntry,
  withActivity,
  withHolding,
  type LedgerState,
  type StrategyProtection,
} from './strategyLedger.js';
import type { ProtectiveOrder } from '../protection/protectionEvents.js';
import { own, withoutKey } from '../shared/records.js';

function applyFill(current: LedgerState, { data }: FillRecorded): LedgerState {
  // Counted once per trade id (the fill recorder is at-least-once). A fill is a strategy's when it
  // names the signal whose order it filled, or is one of the strategy's own stops and targets.
  if (current.tids.includes(data.tid) || (data.signalId === undefined && data.protective !== true)) return current;
  const state = { ...current, tids: [...current.tids, data.tid].slice(-RECENT_FILLS) };
  if (data.protective === true || data.signalId === undefined) return applyProtectiveFill(state, data);
  const signed = new Dec(data.sz).mul(data.side === 'B' ? 1 : -1);
  const recorded = new Dec(own(state.recorded, data.signalId) ?? '0').plus(signed);
  const remembered = remember(state, data.signalId, { recorded: toWireDecimal(recorded.toFixed()) });
  if (data.closeAll === true) return closeEveryStrategy(remembered, data.coin, data.px, data.time);
  const noted = paidFee(remembered, data);
  const rested = data.cloid === undefined ? undefined : own(noted.resting, data.cloid);
  const settled =
    rested !== undefined && data.cloid !== undefined && recorded.abs().gte(rested.size) ? { ...noted, resting: withoutKey(noted.resting, data.cloid) } : noted;
  return countSignalFill(settled, {
    signalId: data.signalId,
    strategyId: data.strategyId ?? FIRST_STRATEGY_ID,
    coin: data.coin,
    filled: toWireDecimal(recorded.toFixed()),
    px: data.px,
    at: data.time,
  });
}

/**
 * A stop or take-profit of a strategy fired: its fill is that strategy's trade, counted as it is
 * (it is no signal's entry), and the order is no longer live. One of several take-profits (issue
 * 41) has closed its part: the next ones keep theirs.
 */
function applyProtectiveFill(state: LedgerState, data: FillRecorded['data']): LedgerState {
  const strategyId = data.strategyId ?? FIRST_STRATEGY_ID;
  const signed = toWireDecimal(new Dec(data.sz).mul(data.side === 'B' ? 1 : -1).toFixed());
  const traded = tradeWithoutEntry(paidFee(state, data), data.coin, strategyId, signed, data.px, data.time);
  const protection = protectionOf(traded, strategyId, data.coin);
  const isOrder = (order: ProtectiveOrder) => order.cloid === data.cloid || (data.oid !== undefined && order.oid === data.oid);
  const fired = protection.live.find(isOrder);
  const live = protection.live.filter((order) => !isOrder(order));
  const takeProfits =
    fired?.kind === 'tp' && protection.takeProfits !== undefined ? { takeProfits: afterTargetFill(protection.takeProfits, fired.triggerPx, data.sz) } : {};
  return withProtection(traded, data.coin, strategyId, { ...protection, ...takeProfits, live });
}

/** The fee a recorded fill paid counts against its strategy's P&L of the day (issue 42); a rebate (negative fee) for it. */
function paidFee(state: LedgerState, data: FillRecorded['data']): LedgerState {
  return withActivity(state, data.strategyId ?? FIRST_STRATEGY_ID, (a) => withPnl(a, new Dec(data.fee).neg(), data.time));
}

/**
 * Funding a strategy paid or received (issue 43) is realised P&L of its day, as a fee is: the daily
 * loss limit counts what the strategy really lost. The holding's size, entry and the realised P&L of
 * its reductions stay as the fills make them. A part held by no strategy is no strategy's P&L.
 */
function applyFunding(state: LedgerState, { data }: FundingPaid): LedgerState {
  if (data.strategyId === undefined) return state;
  return withActivity(state, data.strategyId, (a) => withPnl(a, new Dec(data.usdc), data.time));
}

function withProtection(state: LedgerState, coin: string, strategyId: string, protection: StrategyProtection): LedgerState {
  const inCoin = own(state.protection, coin) ?? {};
  return { ...state, protection: { ...state.protection, [coin]: { ...inCoin, [strategyId]: protection } } };
}

function applyProtection(state: LedgerState, { data }: ProtectionUpdated): LedgerState {
  const before = protectionOf(state, data.strategyId, data.coin);
  const moved = data.stopLoss !== undefined && before.stopLoss !== undefined && !new Dec(data.stopLoss).eq(before.stopLoss);
  const stopMovedAt = moved ? data.at : data.stopLoss !== undefined ? before.stopMovedAt : undefined;
  return withProtection(state, data.coin, data.strategyId, {
    ...(data.stopLoss !== undefined ? { stopLoss: data.stopLoss } : {}),
    ...(data.takeProfit !== undefined ? { takeProfit: data.takeProfit } : {}),
    ...(data.takeProfits !== undefined ? { takeProfits: data.takeProfits } : {}),
    ...(data.breakEven !== undefined ? { breakEven: data.breakEven } : {}),
    ...(data.trailingStop !== undefined ? { trailingStop: data.trailingStop } : {}),
    ...(stopMovedAt !== undefined ? { stopMovedAt } : {}),
    live: data.live,
  });
}

function applyDrift(state: LedgerState, { data }: PositionDriftReconciled): LedgerState {
  let next = state;
  for (const { signalId, filled } of data.counted) next = remember(next, signalId, { counted: filled });
  for (const { strategyId, to } of data.strategies) {
    const holding = holdingOf(next, strategyId, data.coin);
    next = withHolding(next, data.coin, strategyId, tradeHolding(holding, toWireDecimal(new Dec(to).minus(holding.szi).toFixed()), data.px, data.at));
  }
  const account = data.account ?? MAIN_ACCOUNT;
  return { ...next, outside: { ...next.outside, [account]: { ...(own(next.outside, account) ?? {}), [data.coin]: data.outsideTo } } };
}

/**
 * The ledger after one event of `account-<uid>`: a fill counts for its signal's strategy, a drift
 * sets the shares the drift rule gave. Snapshots are the venue's picture, not the strategies': the
 * executor compares the ledger with them (driftRule.ts) and records what it finds as an event.
 */
export function evolveLedger(state: LedgerState, event: AccountEvent): LedgerState {
  switch (event.type) {
    case 'FillRecorded':
      return applyFill(state, event);
    case 'PositionDriftReconciled':
      return applyDrift(state, event);
    case 'ProtectionUpdated':
      return applyProtection(state, event);
    case 'OrderRested': {
      const { cloid, signalId, strategyId, coin, size, isBuy, limitPx } = event.data;
      return { ...state, resting: { ...state.resting, [cloid]: { signalId, strategyId, coin, size, isBuy, ...(limitPx !== undefined ? { limitPx } : {}) } } };
    }
    case 'RestingOrdersExpired': {
      const ended = new Set([...event.data.cancelled, ...event.data.gone]);
      return { ...state, resting: Object.fromEntries(Object.entries(state.resting).filter(([cloid]) => !ended.has(cloid))) };
    }
    case 'FundingPaid':
      return applyFunding(state, event);
    case 'PositionsSnapshotTaken':
    case 'BalanceSnapshotTaken':
    case 'AlertsRefused':
      return state;
    default:
      return assertNever(event, 'account event');
  }
}

/** The account events the ledger reads. */
export const LEDGER_EVENT_TYPES = [
  'FillRecorded',
  'PositionDriftReconciled',
  'ProtectionUpdated',
  'OrderRested',
  'RestingOrdersExpired',
  'FundingPaid',
] as const;

/** The ledger as a fold of `account-<uid>`, for stream caches and replays. */
export const ledgerFold = {
  eventTypes: LEDGER_EVENT_TYPES,
  initialState: (): LedgerState => EMPTY_LEDGER,
  evolve: (state: LedgerState, event: Extract<AccountEvent, { type: (typeof LEDGER_EVENT_TYPES)[number] }>): LedgerState => evolveLedger(state, event),
};
