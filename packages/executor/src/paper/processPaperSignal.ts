import {
  guardPlannedEntry,
  guardsApply,
  type AlertGuards,
  armBreakEven,
  armExits,
  breakEvenPrices,
  toWireDecimal,
  withPaperExits,
  type OrderLeg,
  type OrderPlan,
  type PaperAccountState,
  type PaperBreakEven,
  type ParsedAlert,
  type Settings,
  type SignalCommand,
} from '@hyperhook/domain';
import { cloidForSignal, type ChildOrderStatus, type PerpAsset } from '@hyperhook/hyperliquid';
import {
  openPaperAccount,
  PAPER_MARKET_IS_TESTNET,
  planAlert,
  readPlanMarket,
  type OpenPaperAccount,
  type PaperProtection,
  type PaperProtectionResult,
} from '@hyperhook/trading';
import type { ExecutorContext } from '../executorContext.js';
import type { AwaitApproval } from '../stages/signalStop.js';
import { failSignal, holdForApproval, holdTarget, rejectSignal } from '../recordOutcome.js';
import { approvalHold } from '../stages/approvalHold.js';
import { ladderOf } from '../stages/planLiveOrder.js';
import { decideLocally, type LoadedSignal } from '../signalStream.js';
import { ReadGaveUpError, withReadRetry } from '../withReadRetry.js';
import { appendPaperOutcome } from './appendPaperOutcome.js';
import { cancelPaperResting } from './cancelPaperResting.js';
import { fitPaperExitsOnVenue, paperHeld, paperPricesNow, type PaperExitsFitted } from './fitPaperExitsOnVenue.js';
import { paperFillEvent, paperSnapshotEvent } from './paperAccountEvents.js';
import { placePaperLadder } from './placePaperLadder.js';
import { updatePaperProtection } from './updatePaperProtection.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** One paper strategy's alert, as processSignal hands it over. */
export interface PaperSignal {
  readonly uid: string;
  readonly strategyId: string;
  readonly run: PaperAccountState;
  readonly alert: ParsedAlert;
  readonly settings: Settings;
  readonly deadlineAt: number;
  /** Why the alert is not traded (too old, counted from its approval once approved), or null. */
  readonly stale: string | null;
  /** The strategy's guards before the order (issue 42); absent: none. */
  readonly guards?: AlertGuards | undefined;
}

/** Why a paper alert is not traded before its market is read: the gate's refusal, or the strategy left paper meanwhile. */
export type PaperRefusal = { readonly code: string; readonly message: string };

/** What the log says of an alert received on paper whose strategy was promoted to live before it was processed. */
export const PROMOTED_MEANWHILE: PaperRefusal = {
  code: 'VENUE_CHANGED',
  message: 'This alert came while the strategy traded on paper; the strategy was promoted to live since, so it was not traded (on paper or live).',
};

/**
 * The strategy's entry guards on a paper plan (issue 42), from the run's own fills: the live rules
 * on the paper account, the approval guard last (an entry waits for its trader unless approved).
 */
function guardPaperEntry(
  paper: PaperSignal,
  plan: OrderPlan,
  opened: OpenPaperAccount,
  mids: Readonly<Record<string, number>>,
  now: number,
  approvedAt: string | null,
): { readonly refused: { readonly code: string; readonly message: string } } | { readonly held: AwaitApproval } | null {
  if (!guardsApply(paper.guards, paper.alert)) return null;
  const { activity, held } = opened.activity;
  const heldSzi = held[plan.coin]?.szi ?? '0';
  const refused = guardPlannedEntry(paper.guards, {
    alert: paper.alert,
    coin: plan.coin,
    isBuy: plan.isBuy,
    size: plan.size,
    heldSzi,
    activity,
    held,
    mids,
    now,
  });
  if (refused !== null) return { refused };
  const hold = approvalHold(paper.guards, { ...plan, heldSzi }, approvedAt, now);
  return hold === null ? null : { held: hold };
}

/**
 * Takes a paper strategy's alert to its end on the paper venue (issue 30): planned like a live
 * alert, on the paper account and the real venue's prices, and filled by the simulator's engine
 * in this process. Nothing goes to the exchange but the shared market reads. The signal's steps,
 * the fills and the account they left are appended in one multi-stream append with the paper
 * stream's version expected, so a crash leaves either all of it or none (the alert is then
 * planned again from the log: the signal never rests planned or submitted on this path), and two
 * writers can never both book a fill.
 */
export async function processPaperSignal(ctx: ExecutorContext, loaded: LoadedSignal, paper: PaperSignal | PaperRefusal): Promise<void> {
  let signal = loaded;
  if (signal.state.phase === 'received') signal = decideLocally(signal, { type: 'StartValidation', at: iso(ctx.clock()) });
  if (!('run' in paper)) return void (await rejectSignal(ctx, signal, paper.code, paper.message));
  if (paper.stale !== null) return void (await rejectSignal(ctx, signal, 'STALE_ALERT', paper.stale));
  const validatedFrom = ctx.clock();

  let assets: PerpAsset[];
  let mids: Record<string, number>;
  try {
    [assets, mids] = await Promise.all([
      withReadRetry(ctx, paper.deadlineAt, () => ctx.client.getAssets(PAPER_MARKET_IS_TESTNET)),
      withReadRetry(ctx, paper.deadlineAt, () => ctx.client.getMids(PAPER_MARKET_IS_TESTNET)),
    ]);
  } catch (error) {
    if (!(error instanceof ReadGaveUpError)) throw error;
    return void (await failSignal(ctx, signal, 'EXCHANGE_UNAVAILABLE', error.message, true));
  }

  const opened = await openPaperAccount(ctx.eventStore, paper, { assets, mids, now: ctx.clock });
  // A cancel plans no order: it cancels what rests (issue 41 §3), as live's cancel alert does.
  if (paper.alert.action === 'cancel') return cancelPaperResting(ctx, signal, paper, opened);
  // An update places no order: it replaces the position's protection (issue 41 §3), as live's updateProtection does.
  if (paper.alert.action === 'update') return updatePaperProtection(ctx, signal, paper, opened, { assets, mids });
  const { venue, accountId, record } = opened;
  const market = await readPlanMarket(
    { asset: async (coin) => assets.find((a) => a.coin === coin), mids: async () => mids, account: async () => venue.snapshot(accountId) },
    paper.alert.coin,
  );
  const result = planAlert({
    alert: paper.alert,
    settings: paper.settings,
    market,
    cloid: cloidForSignal(signal.signalId),
    ...ladderOf(paper.alert, signal.signalId),
  });
  if (!result.ok && result.code === 'ALREADY_AT_TARGET') return void (await holdTarget(ctx, signal, result.message));
  if (!result.ok) return void (await rejectSignal(ctx, signal, result.code, result.message));
  const { plan } = result;
  const guarded = guardPaperEntry(paper, plan, opened, mids, ctx.clock(), signal.state.approvedAt);
  if (guarded !== null && 'refused' in guarded) return void (await rejectSignal(ctx, signal, guarded.refused.code, guarded.refused.message));
  // Nothing is booked on paper until the trader approves; the approval plans it again at the mids of then.
  if (guarded !== null) return void (await holdForApproval(ctx, signal, guarded.held));
  signal = decideLocally(signal, { type: 'PlanOrder', at: iso(validatedFrom), sizedAt: iso(ctx.clock()), plan });

  if (!plan.reduceOnly) {
    const leverage = venue.setLeverage(accountId, plan.coin, plan.leverage);
    if (leverage.kind === 'rejected') return void (await failSignal(ctx, signal, 'LEVERAGE_REJECTED', leverage.message, false));
  }
  const sentAt = ctx.clock();
  signal = decideLocally(signal, {
    type: 'SubmitOrder',
    cloid: plan.cloid,
    nonce: Math.max(1, Math.floor(sentAt)),
    signedAt: iso(sentAt),
    sentAt: iso(sentAt),
  });
  // An IOC entry's TP/SL are not grouped with it: the position gets them once it is filled (below).
  const grouped = plan.grouping === 'normalTpsl';
  const { outcome, fills } =
    plan.ladder !== undefined
      ? placePaperLadder(opened, { ...plan, ladder: plan.ladder }, signal.signalId)
      : venue.placeOrder(accountId, grouped ? plan : { ...plan, children: [] }, signal.signalId);
  if (outcome.kind !== 'filled' && outcome.kind !== 'resting') {
    const reason = outcome.kind === 'rejected' ? outcome.message : `The paper venue answered ${outcome.kind}; nothing was booked.`;
    return void (await failSignal(ctx, signal, 'EXCHANGE_REJECTED', reason, false));
  }
  // A resting entry's deadline (issue 41 §3) goes with its orders into the snapshot, as live's OrderRested carries it.
  if (paper.alert.cancelAfterMinutes !== undefined) noteDeadline(opened, signal.signalId, ctx.clock() + paper.alert.cancelAfterMinutes * 60_000);
  // Take-profits, a trail, or a position already kept so, are kept the live way (issue 41 §3);
  // a plain stop and target stay the paper venue's whole-position pair.
  const keptLiveWay = paper.alert.takeProfits !== undefined || paper.alert.trailingStop !== undefined || record.exits.some((exits) => exits.coin === plan.coin);
  const fitted = !grouped && outcome.kind === 'filled' && keptLiveWay ? fitExits(opened, paper.alert, plan, outcome.avgPrice, signal.signalId) : undefined;
  const protection =
    fitted !== undefined
      ? fitted.result
      : !grouped && outcome.kind === 'filled'
        ? venue.protect(accountId, plan.coin, protectionOf(plan), signal.signalId)
        : undefined;
  const legs = protection === undefined ? outcome.children.map(legOf) : protectionLegs(protection);
  const at = iso(ctx.clock());
  const oid = outcome.oid ?? -1;
  const execution: SignalCommand = {
    type: 'RecordExecution',
    acknowledgedAt: at,
    status: outcome.kind,
    ...(outcome.kind === 'filled' ? { filledAt: at, totalSz: toWireDecimal(outcome.filledSize) } : {}),
    ...(oid >= 0 ? { oid } : {}),
    ...(outcome.kind === 'filled' && outcome.avgPrice !== null ? { avgPx: toWireDecimal(outcome.avgPrice) } : {}),
    ...(legs.length > 0 ? { legs } : {}),
    venue: 'paper',
  };
  signal = decideLocally(signal, execution);
  const run = { strategyId: paper.strategyId, epoch: paper.run.epoch };
  const armed = fitted === undefined ? armedBreakEven(paper.alert, plan, outcome.kind === 'filled' ? outcome.avgPrice : null, signal.signalId) : undefined;
  // A position kept the live way keeps its break-even move in its exits.
  const breakEvens =
    fitted !== undefined
      ? record.breakEvens.filter((move) => move.coin !== plan.coin)
      : armed === undefined
        ? record.breakEvens
        : armBreakEven(record.breakEvens, armed);
  const exits = fitted === undefined ? record.exits : withPaperExits(record.exits, plan.coin, fitted.exits);
  await appendPaperOutcome(ctx, signal, paper.uid, record.version, [
    ...fills.map((fill) => paperFillEvent(run, fill, signal.signalId)),
    paperSnapshotEvent(run, venue.snapshot(accountId), at, venue.openOrders(accountId), breakEvens, exits),
  ]);
  const msg = outcome.kind === 'filled' ? 'paper order filled' : 'paper order resting';
  ctx.log({ level: 'info', msg, signalId: signal.signalId, userId: paper.uid, coin: plan.coin, size: plan.size, price: plan.price });
  for (const refused of protection?.refused ?? [])
    ctx.log({ level: 'warn', msg: 'paper protection refused', signalId: signal.signalId, userId: paper.uid, kind: refused.kind, error: refused.message });
}

/**
 * The break-even move a filled entry asked for, at prices counted from its average fill, as live
 * arms it (afterExecution); none for a reduce-only order, whose position is not this alert's entry,
 * nor for a limit that rests (live arms none on it either).
 */
function armedBreakEven(alert: ParsedAlert, plan: OrderPlan, avgPrice: number | null, signalId: string): PaperBreakEven | undefined {
  if (alert.breakEven === undefined || plan.reduceOnly || avgPrice === null) return undefined;
  const prices = breakEvenPrices(toWireDecimal(avgPrice), plan.isBuy, alert.breakEven, plan.szDecimals);
  return prices === null ? undefined : { ...prices, coin: plan.coin, long: plan.isBuy, signalId };
}

/**
 * A filled order's protection kept the live way (issue 41 §3), as live's afterExecution asks
 * protectPosition for it: the plan's stop and target, and what the entry arms from its average fill
 * and the position after it (armExits: take-profits sized once here, break-even, trail); nothing
 * armed for a reduce-only order, whose fill only refits what is kept. Take-profits too small to split
 * off are told as refused, in live's words.
 */
function fitExits(account: OpenPaperAccount, alert: ParsedAlert, plan: OrderPlan, avgPrice: number | null, signalId: string): PaperExitsFitted {
  const { venue, accountId, record } = account;
  const held = paperHeld(account, plan.coin);
  const current = paperPricesNow(plan.coin, held, { orders: venue.openOrders(accountId), breakEvens: record.breakEvens, exits: record.exits });
  const children = protectionOf(plan);
  const asked = {
    ...(children.stopLoss !== undefined ? { stopLoss: children.stopLoss.triggerPx } : {}),
    ...(children.takeProfit !== undefined ? { takeProfit: children.takeProfit.triggerPx } : {}),
  };
  const armed =
    plan.reduceOnly || avgPrice === null
      ? { prices: {}, tooSmall: [] }
      : armExits(alert, {
          avgPx: toWireDecimal(avgPrice),
          held,
          isLong: plan.isBuy,
          szDecimals: plan.szDecimals,
          ...(asked.stopLoss !== undefined ? { stopLoss: asked.stopLoss } : {}),
        });
  const refused = armed.tooSmall.map(({ triggerPx, percent }) => ({
    kind: 'tp' as const,
    triggerPx,
    size: '0',
    reason: `${percent}% of the position is less than one ${plan.coin} size step: this take-profit was not placed.`,
  }));
  return fitPaperExitsOnVenue(account, plan.coin, current, { ...asked, ...armed.prices }, signalId, plan.szDecimals, refused);
}

/** The stop-loss and take-profit an entry's plan carries, for its paper position. */
function protectionOf(plan: OrderPlan): PaperProtection {
  const price = (kind: 'sl' | 'tp') => {
    const child = plan.children.find((c) => c.kind === kind);
    return child === undefined ? undefined : { triggerPx: String(child.triggerPx), price: String(child.price) };
  };
  const stopLoss = price('sl');
  const takeProfit = price('tp');
  return { ...(stopLoss !== undefined ? { stopLoss } : {}), ...(takeProfit !== undefined ? { takeProfit } : {}) };
}

/** A grouped child's status as the log row shows a leg. */
function legOf(child: ChildOrderStatus): OrderLeg {
  const role = child.kind === 'tp' ? 'takeProfit' : 'stopLoss';
  if (child.status === 'rejected' || child.status === 'missing')
    return { role, status: 'error', error: (child.message ?? 'The paper venue did not place it.').slice(0, 2000) };
  return { role, status: child.status, ...(child.oid !== undefined && child.oid >= 0 ? { oid: child.oid } : {}) };
}

/** The paper position's stop and target as legs: waiting for the mark, or refused in the venue's words. */
function protectionLegs(result: PaperProtectionResult): OrderLeg[] {
  const role = (kind: 'sl' | 'tp') => (kind === 'tp' ? 'takeProfit' : 'stopLoss');
  return [
    ...result.placed.map((kind): OrderLeg => ({ role: role(kind), status: 'waitingForTrigger' })),
    ...result.refused.map((refused): OrderLeg => ({ role: role(refused.kind), status: 'error', error: refused.message.slice(0, 2000) })),
  ];
}

/** Names the alert's entries still resting (one limit, or a ladder's) to be cancelled at `at` by the paper keeper. */
function noteDeadline(account: OpenPaperAccount, signalId: string, at: number): void {
  const { venue, accountId } = account;
  const resting = venue.openOrders(accountId).filter((order) => order.signalId === signalId && !order.reduceOnly && order.trigger === undefined);
  venue.cancelAt(
    accountId,
    resting.map((order) => order.oid),
    iso(at),
  );
}
