import { FIRST_STRATEGY_ID, marginModeOf, type OrderPlan, type SignalReceived } from '@hyperhook/domain';
import type { SignerRef } from '@hyperhook/hyperliquid';
import { NO_KEYS_MESSAGE, tradingGate, type TradingGate, type UserProfile } from '@hyperhook/trading';
import { afterExecution } from './afterExecution.js';
import type { ExecutorContext } from './executorContext.js';
import { processPaperSignal, PROMOTED_MEANWHILE } from './paper/processPaperSignal.js';
import { appendPendingInBackground, decideLocally, loadSignal, type LoadedSignal } from './signalStream.js';
import { alignLeverage, needsLeverageCall } from './stages/alignLeverage.js';
import { agedFromApproval } from './stages/approvalHold.js';
import { cancelResting } from './stages/cancelResting.js';
import { updateProtection } from './stages/updateProtection.js';
import { checkSignal, staleReason } from './stages/checkSignal.js';
import { guardEntry } from './stages/guardEntry.js';
import { isSigner, openSigner, type Signer } from './stages/openSigner.js';
import { isPlan, planLiveOrder, type AlertScope } from './stages/planLiveOrder.js';
import { recordStop, type SignalStop } from './stages/signalStop.js';
import { resumeSubmitted, submitOrder } from './submitOrder.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** A signal with everything its stages read: its alert, owner, profile and the strategy's gate. */
interface SignalContext {
  readonly signal: LoadedSignal;
  /** What intake recorded; once approved (issue 42), the alert's `sentAt` is the approval's time (agedFromApproval). */
  readonly received: SignalReceived['data'] & { readonly alert: NonNullable<SignalReceived['data']['alert']> };
  /** When the alert's age starts for the executor's stale check: its receipt, or its approval. */
  readonly ageFrom: string;
  readonly uid: string;
  readonly profile: UserProfile;
  /** The kill switch, and the alert's strategy: paused, deleted, or its settings (see tradingGate). */
  readonly gate: TradingGate;
  readonly scope: AlertScope;
  readonly deadlineAt: number;
}

/**
 * Takes one signal from wherever its stream says it is to a terminal outcome, through named stages
 * called in one direction: check → open the key → plan (on the strategy's own position) →
 * leverage → submit → protect; a cancel alert goes check → open the key → cancel → protect, an update check → open the key → protect. A paper strategy's alert goes to the paper venue; a signal already
 * submitted is reconciled by cloid, never resent. Each stage answers a value or a SignalStop,
 * which is recorded in one place (recordStop).
 */
export async function processSignal(ctx: ExecutorContext, signalId: string): Promise<void> {
  const context = await loadSignalContext(ctx, signalId);
  if (context === null) return;
  const { signal, received, gate } = context;
  const { phase } = signal.state;
  // Paper (issue 30): a paper strategy's alert, or one received on paper whose strategy was promoted since.
  if ((phase === 'received' || phase === 'validating') && (received.venue === 'paper' || (gate.ok && gate.paper !== undefined)))
    return processPaper(ctx, context);
  if (phase === 'submitted') return resume(ctx, context);
  if (received.alert.action === 'cancel') return cancel(ctx, context);
  if (received.alert.action === 'update') return update(ctx, context);

  const decided = phase === 'planned' ? await planFixed(ctx, context) : await validateAndPlan(ctx, context);
  if (!('plan' in decided)) return recordStop(ctx, decided.signal, decided.stop);
  let { signal: planned } = decided;
  const { plan, signer } = decided;
  const mode = marginModeOf(gate.ok ? gate.settings : context.profile.settings);
  // Setting leverage is a call to the exchange: what was decided so far goes on the log meanwhile.
  if (needsLeverageCall(ctx, context.uid, signer, plan, mode)) planned = appendPendingInBackground(ctx.eventStore, planned);
  const leverage = await alignLeverage(ctx, context.uid, signer, plan, mode, context.deadlineAt);
  if (leverage !== null) return recordStop(ctx, planned, leverage);
  const settled = await submitOrder(ctx, planned, context.uid, signer, plan, context.deadlineAt);
  await afterExecution(ctx, settled, context.uid, signer, plan);
}

/**
 * The signal and what its stages read; null when there is nothing to do (done, unknown, an alert
 * that did not parse, or an entry awaiting its trader's approval: its SignalReceived delivered
 * again, or a restart, leaves it waiting; its SignalApproved brings it back).
 */
async function loadSignalContext(ctx: ExecutorContext, signalId: string): Promise<SignalContext | null> {
  const deadlineAt = ctx.clock() + ctx.retryDeadlineMs;
  const signal = await loadSignal(ctx.eventStore, signalId);
  const { phase } = signal.state;
  if (phase === 'none' || phase === 'executed' || phase === 'failed' || phase === 'awaiting') return null;
  const first = signal.events.find((event) => event.type === 'SignalReceived');
  if (first?.type !== 'SignalReceived' || first.data.alert === null) return null;
  const { ageFrom, alert } = agedFromApproval({ receivedAt: first.data.receivedAt, alert: first.data.alert }, signal.state.approvedAt);
  const received = { ...first.data, alert };
  const profile = await ctx.profiles.get(received.userId);
  const gate = tradingGate(profile, received.strategyId, received.origin);
  // Close-all closes the account's positions; every other alert acts on its strategy's own. A
  // close-all signal names a strategy only to close the sub-account that strategy trades on.
  const closeAll = received.origin === 'closeAll';
  const bound =
    closeAll && received.strategyId === undefined
      ? undefined
      : profile.strategies.find((s) => s.id === (received.strategyId ?? FIRST_STRATEGY_ID))?.subAccount?.address;
  const scope = { strategyId: closeAll ? null : (received.strategyId ?? FIRST_STRATEGY_ID), strategies: profile.strategies, subAccount: bound };
  return { signal, received, ageFrom, uid: received.userId, profile, gate, scope, deadlineAt };
}

function processPaper(ctx: ExecutorContext, { signal, received, ageFrom, uid, profile, gate, deadlineAt }: SignalContext): Promise<void> {
  const strategyId = received.strategyId ?? FIRST_STRATEGY_ID;
  const paper = !gate.ok
    ? { code: gate.code, message: gate.message }
    : gate.paper === undefined
      ? PROMOTED_MEANWHILE
      : {
          uid,
          strategyId,
          run: gate.paper,
          alert: received.alert,
          settings: gate.settings,
          deadlineAt,
          stale: staleReason(ctx, ageFrom),
          guards: profile.strategies.find((s) => s.id === strategyId)?.guards,
        };
  return processPaperSignal(ctx, signal, paper);
}

/**
 * A submitted signal without an outcome: asks the venue for its cloid on the account the order was
 * signed for (the main one, or the sub-account it names), which works even if the keys were
 * deleted meanwhile; the key is only needed if the order certainly never landed and may be sent
 * again, and for the protection after a fill.
 */
async function resume(ctx: ExecutorContext, { signal, uid, profile, deadlineAt }: SignalContext): Promise<void> {
  const planned = signal.events.findLast((event) => event.type === 'OrderPlanned');
  const submitted = signal.events.findLast((event) => event.type === 'OrderSubmitted');
  if (planned?.type !== 'OrderPlanned' || submitted?.type !== 'OrderSubmitted') throw new Error(`Signal ${signal.signalId} is submitted without a plan.`);
  const main = profile.lastAccount;
  if (main === null) return recordStop(ctx, signal, { kind: 'fail', code: 'NO_CREDENTIALS', message: NO_KEYS_MESSAGE, transient: false });
  const vault = submitted.data.vaultAddress;
  const account = vault === undefined ? main : { accountAddress: vault, isTestnet: main.isTestnet, vaultAddress: vault };
  const opened = profile.credentials === null ? null : await openSigner(ctx, uid, profile.credentials, vault);
  const signer: SignerRef = opened !== null && isSigner(opened) ? opened : { ...account, agentPrivateKey: '' };
  const settled = await resumeSubmitted(ctx, signal, uid, signer, planned.data.plan, Date.parse(submitted.data.sentAt), deadlineAt);
  if (opened !== null && isSigner(opened)) await afterExecution(ctx, settled, uid, signer, planned.data.plan);
}

/** A cancel alert: checked as every alert is, then its strategy's resting orders in the coin are cancelled (cancelResting). */
async function cancel(ctx: ExecutorContext, { signal: loaded, received, ageFrom, uid, profile, gate, scope }: SignalContext): Promise<void> {
  const signal = loaded.state.phase === 'received' ? decideLocally(loaded, { type: 'StartValidation', at: iso(ctx.clock()) }) : loaded;
  const checked = checkSignal(ctx, gate, profile.credentials, ageFrom);
  if (!checked.ok) return recordStop(ctx, signal, checked.stop);
  const signer = await openSigner(ctx, uid, checked.credentials, scope.subAccount);
  if (!isSigner(signer)) return recordStop(ctx, signal, signer);
  const done = await cancelResting(ctx, signal, uid, signer, scope.strategyId ?? FIRST_STRATEGY_ID, received.alert.coin);
  if ('kind' in done) await recordStop(ctx, signal, done);
}

/** An update alert: checked as every alert is, then its strategy's position gets the protection it names (updateProtection). */
async function update(ctx: ExecutorContext, { signal: loaded, received, ageFrom, uid, profile, gate, scope }: SignalContext): Promise<void> {
  const signal = loaded.state.phase === 'received' ? decideLocally(loaded, { type: 'StartValidation', at: iso(ctx.clock()) }) : loaded;
  const checked = checkSignal(ctx, gate, profile.credentials, ageFrom);
  if (!checked.ok) return recordStop(ctx, signal, checked.stop);
  const signer = await openSigner(ctx, uid, checked.credentials, scope.subAccount);
  if (!isSigner(signer)) return recordStop(ctx, signal, signer);
  const done = await updateProtection(ctx, signal, uid, signer, scope.strategyId ?? FIRST_STRATEGY_ID, received.alert);
  if ('kind' in done) await recordStop(ctx, signal, done);
}

type Decided =
  { readonly signal: LoadedSignal; readonly plan: OrderPlan; readonly signer: Signer } | { readonly signal: LoadedSignal; readonly stop: SignalStop };

/** A plan fixed but never sent: the same plan is sent, unless a pause, a key deletion or its age stops it meanwhile. */
async function planFixed(ctx: ExecutorContext, { signal, ageFrom, uid, profile, gate, scope }: SignalContext): Promise<Decided> {
  const planned = signal.events.findLast((event) => event.type === 'OrderPlanned');
  if (planned?.type !== 'OrderPlanned') throw new Error(`Signal ${signal.signalId} is planned without a plan.`);
  const checked = checkSignal(ctx, gate, profile.credentials, ageFrom);
  if (!checked.ok) return { signal, stop: checked.stop };
  const opened = await openSigner(ctx, uid, checked.credentials, scope.subAccount);
  return isSigner(opened) ? { signal, plan: planned.data.plan, signer: opened } : { signal, stop: opened };
}

/**
 * Plans the alert (validating phase): check, open the key, plan, the strategy's entry guards
 * (issue 42), then PlanOrder; or an entry waits for its trader's approval (the guards' last). An
 * approved alert comes here again, validating once more: planned anew at the prices of the
 * moment, its age counted from the approval, every other guard weighed again, never held again.
 *
 * "validating" (SignalValidationStarted) is put on the log by itself only when the key or the
 * market make the executor wait (a read goes to the exchange, or the key store is slow): on the
 * next turn of the event loop, if planning is not done by then. When all of it is at hand (tracked
 * account, mid prices from the socket) it is recorded with the plan and the order in one append:
 * one commit less between the alert and the wire, and the same events on the log.
 */
async function validateAndPlan(ctx: ExecutorContext, context: SignalContext): Promise<Decided> {
  const { received, ageFrom, uid, profile, gate, scope, deadlineAt } = context;
  // Appended with the refusal when the alert is refused at once, else in the background as the
  // exchange is first asked: one write per alert a user without keys sends.
  let signal = context.signal.state.phase === 'received' ? decideLocally(context.signal, { type: 'StartValidation', at: iso(ctx.clock()) }) : context.signal;
  const validatedFrom = ctx.clock();
  const checked = checkSignal(ctx, gate, profile.credentials, ageFrom);
  if (!checked.ok) return { signal, stop: checked.stop };
  const { credentials, settings } = checked;
  let validating = signal;
  const showValidating = setImmediate(() => (validating = appendPendingInBackground(ctx.eventStore, validating)));
  let planned: OrderPlan | SignalStop;
  let signer: Signer | SignalStop;
  try {
    signer = await openSigner(ctx, uid, credentials, scope.subAccount);
    planned = isSigner(signer)
      ? await planLiveOrder(ctx, { signalId: signal.signalId, uid, alert: received.alert, settings, scope, signer, deadlineAt, validatedFrom })
      : signer;
  } finally {
    clearImmediate(showValidating);
  }
  signal = validating;
  if (!isSigner(signer)) return { signal, stop: signer };
  if (!isPlan(planned)) return { signal, stop: planned };
  const strategy = scope.strategyId === null ? undefined : scope.strategies.find((s) => s.id === scope.strategyId);
  const guarded = await guardEntry(ctx, {
    uid,
    strategy,
    accountGuards: profile.accountGuards,
    alert: received.alert,
    plan: planned,
    isTestnet: signer.isTestnet,
    approvedAt: signal.state.approvedAt,
  });
  if (guarded !== null) return { signal, stop: guarded };
  // Recorded with SubmitOrder (or the failure) in one append: see decideLocally.
  const withPlan = decideLocally(signal, { type: 'PlanOrder', at: iso(validatedFrom), sizedAt: iso(ctx.clock()), plan: planned });
  ctx.log({ level: 'info', msg: 'order planned', signalId: signal.signalId, userId: uid, coin: planned.coin, size: planned.size, price: planned.price });
  return { signal: withPlan, plan: planned, signer };
}
