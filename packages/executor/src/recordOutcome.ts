import { toWireDecimal, type OrderLeg, type OrderPlan, type SignalCommand } from '@hyperhook/domain';
import type { ChildOrderStatus, ExchangeOutcome, SignerRef } from '@hyperhook/hyperliquid';
import type { ExecutorContext } from './executorContext.js';
import type { AwaitApproval } from './stages/signalStop.js';
import { decideAndAppend, type LoadedSignal } from './signalStream.js';
import { expectedFillOf } from './signalFillOf.js';

/** Longest reason a signal event accepts. */
const MAX_REASON = 2000;

/** Clips a message to what SignalRejected / SignalFailed accept. */
export function clipReason(text: string): string {
  const trimmed = text.trim() === '' ? 'Unknown error' : text.trim();
  return trimmed.length <= MAX_REASON ? trimmed : `${trimmed.slice(0, MAX_REASON - 1)}…`;
}

/** Records that the signal failed, with the exchange's own text when it came from the exchange. */
export async function failSignal(ctx: ExecutorContext, signal: LoadedSignal, code: string, reason: string, transient: boolean): Promise<LoadedSignal> {
  const command: SignalCommand = { type: 'FailSignal', at: new Date(ctx.clock()).toISOString(), code, reason: clipReason(reason), transient };
  const next = await decideAndAppend(ctx.eventStore, signal, command);
  ctx.log({ level: 'info', msg: 'signal failed', signalId: signal.signalId, userId: signal.state.userId ?? undefined, code, reason: command.reason });
  return next;
}

/** Records that the signal was refused before anything was signed. */
export async function rejectSignal(ctx: ExecutorContext, signal: LoadedSignal, code: string, reason: string): Promise<LoadedSignal> {
  const command: SignalCommand = { type: 'RejectSignal', at: new Date(ctx.clock()).toISOString(), code, reason: clipReason(reason) };
  const next = await decideAndAppend(ctx.eventStore, signal, command);
  ctx.log({ level: 'info', msg: 'signal rejected', signalId: signal.signalId, userId: signal.state.userId ?? undefined, code, reason: command.reason });
  return next;
}

/** A target alert whose target is already held: done, nothing sent, the reason on the log. */
export async function holdTarget(ctx: ExecutorContext, signal: LoadedSignal, reason: string): Promise<LoadedSignal> {
  const command: SignalCommand = { type: 'HoldTarget', at: new Date(ctx.clock()).toISOString(), reason: clipReason(reason) };
  const next = await decideAndAppend(ctx.eventStore, signal, command);
  ctx.log({ level: 'info', msg: 'target already held', signalId: signal.signalId, userId: signal.state.userId ?? undefined, reason: command.reason });
  return next;
}

/** An entry held for the trader's approval (issue 42): what was planned and until when it waits; nothing is sent. */
export async function holdForApproval(ctx: ExecutorContext, signal: LoadedSignal, hold: AwaitApproval): Promise<LoadedSignal> {
  const { kind: _kind, ...held } = hold;
  const command: SignalCommand = { type: 'HoldForApproval', at: new Date(ctx.clock()).toISOString(), ...held };
  const next = await decideAndAppend(ctx.eventStore, signal, command);
  ctx.log({
    level: 'info',
    msg: 'entry held for approval',
    signalId: signal.signalId,
    userId: signal.state.userId ?? undefined,
    coin: hold.coin,
    size: hold.size,
    expiresAt: hold.expiresAt,
  });
  return next;
}

function toLeg(child: ChildOrderStatus): OrderLeg {
  const role = child.kind === 'tp' ? 'takeProfit' : 'stopLoss';
  const status = child.status === 'rejected' || child.status === 'missing' ? 'error' : child.status;
  const failed = status === 'error';
  return {
    role,
    status,
    ...(child.oid !== undefined && child.oid >= 0 ? { oid: child.oid } : {}),
    ...(failed ? { error: clipReason(child.message ?? `The exchange did not report the ${role === 'takeProfit' ? 'take-profit' : 'stop-loss'} order.`) } : {}),
  };
}

/**
 * Records an accepted entry at once: RecordExecution with the filled size and average price the
 * order's answer gave. The fills (with fees and realised P&L) and the account state they left
 * follow through the fill recorder, batched per user, off this signal's path; meanwhile the
 * executor's cached positions take the fill, so the user's next alert sizes from it. Only an
 * answer without an average price (a reconciled order) reads the order's fills here, for it.
 */
export async function recordAccepted(
  ctx: ExecutorContext,
  signal: LoadedSignal,
  uid: string,
  signer: Pick<SignerRef, 'accountAddress' | 'isTestnet' | 'vaultAddress'>,
  plan: Pick<OrderPlan, 'coin' | 'isBuy' | 'leverage' | 'price'>,
  outcome: Extract<ExchangeOutcome, { kind: 'filled' | 'resting' }>,
  sentAtMs: number,
): Promise<LoadedSignal> {
  const now = new Date(ctx.clock()).toISOString();
  let avgPx: string | undefined;
  if (outcome.kind === 'filled' && outcome.avgPrice !== null) avgPx = toWireDecimal(outcome.avgPrice);
  else if (outcome.kind === 'filled' && outcome.oid >= 0) avgPx = await averageFillPrice(ctx, signal, signer, outcome.oid, sentAtMs);
  if (outcome.kind === 'filled') {
    ctx.accounts.applyFill(
      uid,
      signer,
      plan.coin,
      plan.isBuy ? outcome.filledSize : -outcome.filledSize,
      plan.leverage,
      avgPx === undefined ? undefined : Number(avgPx),
    );
    expectOwnFill(ctx, signal, uid, plan, toWireDecimal(outcome.filledSize), avgPx, now);
  }
  const legs = outcome.children.map(toLeg);
  const oid = outcome.oid ?? undefined;
  const command: SignalCommand = {
    type: 'RecordExecution',
    acknowledgedAt: now,
    status: outcome.kind,
    ...(outcome.kind === 'filled' ? { filledAt: now, totalSz: toWireDecimal(outcome.filledSize) } : {}),
    ...(oid !== undefined && oid >= 0 ? { oid } : {}),
    ...(avgPx !== undefined ? { avgPx } : {}),
    ...(legs.length > 0 ? { legs } : {}),
    account: {
      accountAddress: signer.accountAddress,
      isTestnet: signer.isTestnet,
      ...(signer.vaultAddress !== undefined ? { subAccount: true as const } : {}),
    },
  };
  const next = await decideAndAppend(ctx.eventStore, signal, command);
  ctx.log({ level: 'info', msg: 'outcome appended', signalId: signal.signalId, userId: uid, status: outcome.kind, oid: oid ?? null });
  return next;
}

/**
 * The strategy ledger counts the fill at once, as the tracked account does: the strategy's next
 * alert (a close right after the entry) acts on it before the venue's fills are recorded.
 */
function expectOwnFill(
  ctx: ExecutorContext,
  signal: LoadedSignal,
  uid: string,
  plan: Pick<OrderPlan, 'coin' | 'isBuy' | 'price'>,
  filled: string,
  avgPx: string | undefined,
  at: string,
): void {
  const received = signal.events.find((event) => event.type === 'SignalReceived');
  if (received?.type === 'SignalReceived') ctx.ledgers.expect(uid, expectedFillOf(signal.signalId, received.data, plan, { totalSz: filled, avgPx, at }));
}

/** The average price of an order's fills as the venue lists them, or undefined when it cannot be read. */
async function averageFillPrice(
  ctx: ExecutorContext,
  signal: LoadedSignal,
  signer: Pick<SignerRef, 'accountAddress' | 'isTestnet'>,
  oid: number,
  sentAtMs: number,
): Promise<string | undefined> {
  try {
    const fills = await ctx.client.getOrderFills(signer, oid, sentAtMs - 60_000);
    const size = fills.reduce((sum, f) => sum + Number(f.sz), 0);
    if (size <= 0) return undefined;
    return toWireDecimal(Number((fills.reduce((sum, f) => sum + Number(f.px) * Number(f.sz), 0) / size).toPrecision(12)));
  } catch (error) {
    ctx.log({ level: 'warn', msg: 'could not read fills', signalId: signal.signalId, error: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}
