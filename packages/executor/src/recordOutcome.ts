import { accountStreamId, toWireDecimal, type OrderLeg, type SignalCommand } from '@hyperhook/domain';
import type { ChildOrderStatus, ExchangeOutcome, SignerRef } from '@hyperhook/hyperliquid';
import { toNewEvent } from '@hyperhook/eventsourcing';
import type { ExecutorContext } from './executorContext.js';
import { toFillRecorded } from './toFillRecorded.js';
import { decideAndAppend, type LoadedSignal } from './signalStream.js';
import { snapshotEvents } from './snapshotEvents.js';

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
 * Records an accepted entry: for fills, first the fills and fresh position and balance snapshots
 * on `account-<uid>`, then RecordExecution on the signal, so "executed" always comes with the
 * account state it produced. A crash between the two is safe: the restart reconciles the cloid,
 * records the outcome and appends the account events again (fills carry the exchange's trade id,
 * which read models deduplicate on; snapshots simply replace).
 */
export async function recordAccepted(
  ctx: ExecutorContext,
  signal: LoadedSignal,
  uid: string,
  signer: Pick<SignerRef, 'accountAddress' | 'isTestnet'>,
  outcome: Extract<ExchangeOutcome, { kind: 'filled' | 'resting' }>,
  sentAtMs: number,
): Promise<LoadedSignal> {
  const now = new Date(ctx.clock()).toISOString();
  let fills: ReturnType<typeof toFillRecorded>[] = [];
  if (outcome.kind === 'filled' && outcome.oid >= 0) {
    try {
      fills = (await ctx.client.getOrderFills(signer, outcome.oid, sentAtMs - 60_000)).map((fill) => toFillRecorded(fill, signal.signalId));
    } catch (error) {
      ctx.log({ level: 'warn', msg: 'could not read fills', signalId: signal.signalId, error: error instanceof Error ? error.message : String(error) });
    }
  }
  let avgPx: string | undefined;
  if (outcome.kind === 'filled' && outcome.avgPrice !== null) avgPx = toWireDecimal(outcome.avgPrice);
  else if (fills.length > 0) {
    // Reconciled orders carry no average price (orderStatus has none): the fills give it.
    const size = fills.reduce((sum, f) => sum + Number(f.data.sz), 0);
    if (size > 0) avgPx = toWireDecimal(Number((fills.reduce((sum, f) => sum + Number(f.data.px) * Number(f.data.sz), 0) / size).toPrecision(12)));
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
  };
  if (outcome.kind === 'filled') {
    try {
      const snapshot = await ctx.accounts.refresh(uid, signer);
      const events = [...fills, ...snapshotEvents(snapshot, now, 'fill')];
      await ctx.eventStore.append(accountStreamId(uid), events.map((event) => toNewEvent(event, { causationId: signal.signalId })));
    } catch (error) {
      ctx.log({ level: 'warn', msg: 'could not record account state after fill', signalId: signal.signalId, error: error instanceof Error ? error.message : String(error) });
    }
  }
  const next = await decideAndAppend(ctx.eventStore, signal, command);
  ctx.log({ level: 'info', msg: 'outcome appended', signalId: signal.signalId, userId: uid, status: outcome.kind, oid: oid ?? null });
  return next;
}
