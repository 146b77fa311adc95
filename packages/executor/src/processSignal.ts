import { FIRST_STRATEGY_ID, type StrategyState, marginModeOf, type MarginMode, type OrderPlan, type ParsedAlert, type Settings } from '@hyperhook/domain';
import { cloidForSignal, type AccountRef, type SignerRef } from '@hyperhook/hyperliquid';
import { accountMaxAgeMs, restsOnAccount } from './accountMaxAge.js';
import { pause, type ExecutorContext } from './executorContext.js';
import { NO_KEYS_MESSAGE, planAlert, readPlanMarket, tradingGate, type PlanMarket, type PlanMarketReads, type StoredCredentials, type TradingGate } from '@hyperhook/trading';
import { afterExecution } from './afterExecution.js';
import { ownPositions } from './ownPositions.js';
import { processPaperSignal, PROMOTED_MEANWHILE } from './paper/processPaperSignal.js';
import { refuseLockedMarginMode, type LivePlanResult } from './marginMode.js';
import { failSignal, holdTarget, rejectSignal } from './recordOutcome.js';
import { appendPendingInBackground, decideLocally, loadSignal, type LoadedSignal } from './signalStream.js';
import { resumeSubmitted, submitOrder } from './submitOrder.js';
import { ReadGaveUpError, withReadRetry } from './withReadRetry.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** A signer with the wallet address its nonce is reserved under. */
type Signer = SignerRef & { apiWalletAddress: string };

/**
 * The plan's market reads for one signal, retried until the deadline: meta and mids shared by
 * every user (the client's caches and price socket), the account tracked by ctx.accounts and read
 * only when older than `accountMaxAge`.
 */
function retriedReads(ctx: ExecutorContext, uid: string, account: AccountRef, deadlineAt: number, accountMaxAge: number): PlanMarketReads {
  const { client } = ctx;
  return {
    asset: (coin) => withReadRetry(ctx, deadlineAt, () => client.getAsset(account.isTestnet, coin)),
    mids: () => withReadRetry(ctx, deadlineAt, () => client.getMids(account.isTestnet)),
    account: () => withReadRetry(ctx, deadlineAt, () => ctx.accounts.get(uid, account, accountMaxAge)),
  };
}

/** Age check of spec §5: an alert older than maxAlertAgeMs is not traded (markets moved on). */
function staleReason(ctx: ExecutorContext, receivedAt: string): string | null {
  const ageMs = ctx.clock() - Date.parse(receivedAt);
  if (ageMs <= ctx.maxAlertAgeMs) return null;
  return `Alert is ${(ageMs / 1000).toFixed(1)} s old, beyond the ${(ctx.maxAlertAgeMs / 1000).toFixed(0)} s limit; it was not traded.`;
}

/**
 * The API wallet, signing for the main account or, for a strategy bound to one (issue 39, point 2),
 * for a sub-account: the same key with `vaultAddress`, and the sub-account's address for every read
 * (its balance, positions, fills and limits are its own).
 */
async function unsealSigner(ctx: ExecutorContext, uid: string, credentials: StoredCredentials, subAccount?: string): Promise<Signer | string> {
  try {
    const agentPrivateKey = await ctx.sealer.unseal(uid, credentials.sealedPrivateKey);
    const account = subAccount === undefined ? { accountAddress: credentials.accountAddress, mode: credentials.accountMode } : { accountAddress: subAccount, vaultAddress: subAccount };
    return { ...account, isTestnet: credentials.isTestnet, agentPrivateKey, apiWalletAddress: credentials.apiWalletAddress };
  } catch (error) {
    return `The stored API key cannot be opened (${error instanceof Error ? error.message : String(error)}); save the API keys again.`;
  }
}

/** Whether the plan needs a call to the exchange to set leverage: closes never touch it, and a leverage and margin mode known to be the plan's are left. */
function needsLeverageCall(ctx: ExecutorContext, uid: string, signer: Signer, plan: OrderPlan, mode: MarginMode): boolean {
  return !plan.reduceOnly && (ctx.accounts.knownLeverage(uid, signer, plan.coin) !== plan.leverage || ctx.accounts.knownMarginMode(uid, signer, plan.coin) !== mode);
}

/**
 * Sets the account's leverage and margin mode for the coin when they are not already known to be the plan's and the strategy's.
 * Returns null when done, or the failure's text and whether it is worth retrying.
 */
async function alignLeverage(ctx: ExecutorContext, uid: string, signer: Signer, plan: OrderPlan, mode: MarginMode, deadlineAt: number): Promise<{ message: string; transient: boolean } | null> {
  if (!needsLeverageCall(ctx, uid, signer, plan, mode)) return null;
  for (let attempt = 0; ; attempt += 1) {
    const { outcome } = await ctx.client.ensureLeverage(signer, plan.coin, plan.leverage, mode);
    if (outcome.kind === 'ok') {
      ctx.accounts.rememberLeverage(uid, signer, plan.coin, plan.leverage, mode);
      return null;
    }
    if (outcome.kind === 'rejected') return { message: outcome.message, transient: false };
    if (outcome.kind !== 'transientError' && outcome.kind !== 'uncertain') return null;
    if (ctx.clock() >= deadlineAt) return { message: outcome.message, transient: true };
    // updateLeverage is idempotent (it sets a value), so repeating it after any failure is safe.
    await pause(ctx, 50 * 2 ** Math.min(attempt, 6));
  }
}

/**
 * Plans the alert (validating phase): credentials, staleness, market, planOrder, PlanOrder.
 *
 * "validating" (SignalValidationStarted) is put on the log by itself only when the key or the
 * market make the executor wait (a read goes to the exchange, or the key store is slow): on the
 * next turn of the event loop, if planning is not done by then. When all of it is at hand (tracked
 * account, mid prices from the socket) it is recorded with the plan and the order in one append:
 * one commit less between the alert and the wire, and the same events on the log.
 */
async function validateAndPlan(
  ctx: ExecutorContext,
  signal: LoadedSignal,
  uid: string,
  alert: ParsedAlert,
  receivedAt: string,
  credentials: StoredCredentials | null,
  settings: Settings,
  deadlineAt: number,
  gate: TradingGate,
  scope: AlertScope,
): Promise<{ signal: LoadedSignal; plan: OrderPlan | null; signer: Signer | null }> {
  const validatedFrom = ctx.clock();
  if (!gate.ok) return { signal: await rejectSignal(ctx, signal, gate.code, gate.message), plan: null, signer: null };
  if (credentials === null) return { signal: await rejectSignal(ctx, signal, 'NO_CREDENTIALS', NO_KEYS_MESSAGE), plan: null, signer: null };
  const stale = staleReason(ctx, receivedAt);
  if (stale !== null) return { signal: await rejectSignal(ctx, signal, 'STALE_ALERT', stale), plan: null, signer: null };
  let validating = signal;
  const showValidating = setImmediate(() => (validating = appendPendingInBackground(ctx.eventStore, validating)));
  let planned: Awaited<ReturnType<typeof openKeyAndPlan>>;
  try {
    planned = await openKeyAndPlan(ctx, signal.signalId, uid, alert, credentials, settings, deadlineAt, validatedFrom, scope);
  } finally {
    clearImmediate(showValidating);
  }
  signal = validating;
  if (planned.kind === 'unsealFailed') return { signal: await rejectSignal(ctx, signal, 'CREDENTIALS_UNAVAILABLE', planned.message), plan: null, signer: null };
  if (planned.kind === 'readsGaveUp') return { signal: await failSignal(ctx, signal, 'EXCHANGE_UNAVAILABLE', planned.message, true), plan: null, signer: null };
  const { result, signer } = planned;
  if (!result.ok && result.code === 'ALREADY_AT_TARGET') return { signal: await holdTarget(ctx, signal, result.message), plan: null, signer: null };
  if (!result.ok) return { signal: await rejectSignal(ctx, signal, result.code, result.message), plan: null, signer: null };
  // Recorded with SubmitOrder (or the failure) in one append: see decideLocally.
  const withPlan = decideLocally(signal, { type: 'PlanOrder', at: iso(validatedFrom), sizedAt: iso(ctx.clock()), plan: result.plan });
  ctx.log({ level: 'info', msg: 'order planned', signalId: signal.signalId, userId: uid, coin: result.plan.coin, size: result.plan.size, price: result.plan.price });
  return { signal: withPlan, plan: result.plan, signer };
}

/** Whose positions an alert acts on: its strategy's (null: the account's, for close-all), among the trader's strategies. */
type AlertScope = { readonly strategyId: string | null; readonly strategies: readonly StrategyState[] };

/** The sub-account the alert's strategy trades on, if it is bound to one (issue 39, point 2). */
function subAccountOf({ strategyId, strategies }: AlertScope): string | undefined {
  return strategyId === null ? undefined : strategies.find((s) => s.id === strategyId)?.subAccount?.address;
}

/**
 * Opens the API key and plans the alert on the market: on the strategy's own positions when
 * `strategyId` is given (null: the account's, for close-all). Nothing is written here but a drift
 * the ledger shows against the venue (ownPositions).
 */
async function openKeyAndPlan(
  ctx: ExecutorContext,
  signalId: string,
  uid: string,
  alert: ParsedAlert,
  credentials: StoredCredentials,
  settings: Settings,
  deadlineAt: number,
  validatedFrom: number,
  scope: AlertScope,
): Promise<{ kind: 'unsealFailed'; message: string } | { kind: 'readsGaveUp'; message: string } | { kind: 'planned'; result: LivePlanResult; signer: Signer }> {
  const { strategyId, strategies } = scope;
  const signer = await unsealSigner(ctx, uid, credentials, subAccountOf(scope));
  if (typeof signer === 'string') return { kind: 'unsealFailed', message: signer };
  try {
    const plan = async (market: PlanMarket) => {
      const own = strategyId === null ? undefined : await ownPositions(ctx, uid, signalId, strategyId, market, strategies, signer);
      return planAlert({ alert, settings, market, cloid: cloidForSignal(signalId), ...(own === undefined ? {} : { own }) });
    };
    let market = await readPlanMarket(retriedReads(ctx, uid, signer, deadlineAt, accountMaxAgeMs(alert, settings, ctx.accountAges)), alert.coin);
    let result = await plan(market);
    // Planned on tracked state that refuses or caps it: plan once more on the account as the venue has it now.
    if (restsOnAccount(result, settings, market) && (ctx.accounts.fetchedAt(uid, signer) ?? Number.NEGATIVE_INFINITY) < validatedFrom) {
      market = await readPlanMarket(retriedReads(ctx, uid, signer, deadlineAt, 0), alert.coin);
      result = await plan(market);
    }
    return { kind: 'planned', result: refuseLockedMarginMode(result, settings, market, ctx.accounts.knownMarginMode(uid, signer, alert.coin)), signer };
  } catch (error) {
    if (!(error instanceof ReadGaveUpError)) throw error;
    return { kind: 'readsGaveUp', message: error.message };
  }
}

/**
 * Takes one signal from wherever its stream says it is to a terminal outcome:
 * received → StartValidation → (reject | PlanOrder) → leverage → SubmitOrder → send →
 * (RecordExecution | FailSignal); a signal already submitted is reconciled by cloid, never resent.
 */
export async function processSignal(ctx: ExecutorContext, signalId: string): Promise<void> {
  const deadlineAt = ctx.clock() + ctx.retryDeadlineMs;
  let signal = await loadSignal(ctx.eventStore, signalId);
  const { phase } = signal.state;
  if (phase === 'none' || phase === 'executed' || phase === 'failed') return;
  const received = signal.events.find((event) => event.type === 'SignalReceived');
  if (received === undefined || received.type !== 'SignalReceived' || received.data.alert === null) return;
  const uid = received.data.userId;
  const alert = received.data.alert;
  const profile = await ctx.profiles.get(uid);
  // The kill switch, and the alert's strategy: paused, deleted, or its settings (see tradingGate).
  const gate = tradingGate(profile, received.data.strategyId, received.data.origin);
  const settings = gate.ok ? gate.settings : profile.settings;

  // Paper (issue 30): a paper strategy's alert, or one received on paper whose strategy was promoted since.
  if ((phase === 'received' || phase === 'validating') && (received.data.venue === 'paper' || (gate.ok && gate.paper !== undefined))) {
    const strategyId = received.data.strategyId ?? FIRST_STRATEGY_ID;
    const paper = !gate.ok
      ? { code: gate.code, message: gate.message }
      : gate.paper === undefined
        ? PROMOTED_MEANWHILE
        : { uid, strategyId, run: gate.paper, alert, settings, deadlineAt, stale: staleReason(ctx, received.data.receivedAt) };
    return processPaperSignal(ctx, signal, paper);
  }

  if (phase === 'submitted') {
    const planned = signal.events.findLast((event) => event.type === 'OrderPlanned');
    const submitted = signal.events.findLast((event) => event.type === 'OrderSubmitted');
    if (planned?.type !== 'OrderPlanned' || submitted?.type !== 'OrderSubmitted') throw new Error(`Signal ${signalId} is submitted without a plan.`);
    // Reads only need the account the order was signed for (the main one, or the sub-account it
    // names); they work even if the keys were deleted meanwhile.
    const main = profile.lastAccount;
    if (main === null) return void (await failSignal(ctx, signal, 'NO_CREDENTIALS', NO_KEYS_MESSAGE, false));
    const vault = submitted.data.vaultAddress;
    const account = vault === undefined ? main : { accountAddress: vault, isTestnet: main.isTestnet, vaultAddress: vault };
    // The key is only needed if the first order certainly never landed and may be sent again.
    const unsealed = profile.credentials === null ? null : await unsealSigner(ctx, uid, profile.credentials, vault);
    const signer: SignerRef = unsealed !== null && typeof unsealed !== 'string' ? unsealed : { ...account, agentPrivateKey: '' };
    const settled = await resumeSubmitted(ctx, signal, uid, signer, planned.data.plan, Date.parse(submitted.data.sentAt), deadlineAt);
    // Triggers need the key: without it (deleted meanwhile) the position keeps what the venue has.
    if (unsealed !== null && typeof unsealed !== 'string') await afterExecution(ctx, settled, uid, signer, planned.data.plan);
    return;
  }

  // Appended with the refusal when the alert is refused at once, else in the background as the
  // exchange is first asked (see validateAndPlan): one write per alert a user without keys sends.
  if (phase === 'received') signal = decideLocally(signal, { type: 'StartValidation', at: iso(ctx.clock()) });

  let plan: OrderPlan | null;
  let signer: Signer | null;
  if (signal.state.phase === 'planned') {
    // A plan was fixed but nothing was sent: send that same plan, unless it went stale meanwhile.
    const planned = signal.events.findLast((event) => event.type === 'OrderPlanned');
    plan = planned?.type === 'OrderPlanned' ? planned.data.plan : null;
    // A pause (all trading, or the strategy) stops what was planned and never sent, too.
    if (!gate.ok) return void (await failSignal(ctx, signal, gate.code, gate.message, false));
    if (profile.credentials === null) return void (await failSignal(ctx, signal, 'NO_CREDENTIALS', NO_KEYS_MESSAGE, false));
    const stale = staleReason(ctx, received.data.receivedAt);
    if (stale !== null) return void (await failSignal(ctx, signal, 'STALE_ALERT', stale, false));
    const scope = { strategyId: received.data.origin === 'closeAll' ? null : (received.data.strategyId ?? FIRST_STRATEGY_ID), strategies: profile.strategies };
    const unsealed = await unsealSigner(ctx, uid, profile.credentials, subAccountOf(scope));
    if (typeof unsealed === 'string') return void (await failSignal(ctx, signal, 'CREDENTIALS_UNAVAILABLE', unsealed, false));
    signer = unsealed;
  } else {
    // Close-all closes the account's positions; every other alert acts on its strategy's own.
    const strategyId = received.data.origin === 'closeAll' ? null : (received.data.strategyId ?? FIRST_STRATEGY_ID);
    const validated = await validateAndPlan(ctx, signal, uid, alert, received.data.receivedAt, profile.credentials, settings, deadlineAt, gate, { strategyId, strategies: profile.strategies });
    ({ signal, plan, signer } = validated);
  }
  if (plan === null || signer === null) return;

  // Setting leverage is a call to the exchange: what was decided so far goes on the log meanwhile.
  const marginMode = marginModeOf(settings);
  if (needsLeverageCall(ctx, uid, signer, plan, marginMode)) signal = appendPendingInBackground(ctx.eventStore, signal);
  const leverageProblem = await alignLeverage(ctx, uid, signer, plan, marginMode, deadlineAt);
  if (leverageProblem !== null) {
    await failSignal(ctx, signal, leverageProblem.transient ? 'EXCHANGE_UNAVAILABLE' : 'LEVERAGE_REJECTED', leverageProblem.message, leverageProblem.transient);
    return;
  }
  const settled = await submitOrder(ctx, signal, uid, signer, plan, deadlineAt);
  await afterExecution(ctx, settled, uid, signer, plan);
}
