import { parseStreamId, streamPrefix } from '@hyperhook/domain';
import { followLog, namedCheckpoint, ownerOf } from '@hyperhook/eventsourcing';
import { DEFAULT_BACKOFF, type BackoffPolicy, type HyperliquidClient } from '@hyperhook/hyperliquid';
import type { Sealer } from '@hyperhook/secrets';
import { createUserProfiles, snapshotOfEvents } from '@hyperhook/trading';
import type { Checkpoints, EventStore, RecordedEvent } from '@hyperhook/store';
import { AccountStateCache } from './accountStateCache.js';
import { startApprovalExpiryKeeper } from './approvalExpiryKeeper.js';
import { cachingUnsealer } from './cachingUnsealer.js';
import type { ExecutorContext, ExecutorHooks } from './executorContext.js';
import { jsonLineLog, type ExecutorLog } from './executorLog.js';
import { startFillRecorder } from './fillRecorder.js';
import { startFundingKeeper } from './fundingKeeper.js';
import { checkpointNameFor, ownsUser, validatePartition, type Partition } from './partition.js';
import { startPaperKeeper } from './paper/paperKeeper.js';
import { startProtectionKeeper } from './protectionKeeper.js';
import { processSignal } from './processSignal.js';
import { startRestingExpiryKeeper } from './restingExpiryKeeper.js';
import { SIGNAL_RETRY_POLICY, withRetry } from './retryPolicy.js';
import type { ReservingNonceManager } from './reservingNonceManager.js';
import { seedNonceFloor } from './seedNonceFloor.js';
import { StrategyLedgers } from './strategyLedgers.js';
import { startSyncListener } from './syncListener.js';
import { UserDispatcher, type LaneOutcome } from './userDispatcher.js';

/** Options of {@link startExecutor}. */
export interface ExecutorOptions {
  /** The event store and checkpoints (any adapter). */
  readonly store: { readonly eventStore: EventStore; readonly checkpoints: Checkpoints };
  readonly client: HyperliquidClient;
  /** Opens the sealed API wallet keys (purpose 'credentials'). */
  readonly sealer: Pick<Sealer, 'unseal'>;
  /** Milliseconds since the epoch; default Date.now. */
  readonly clock?: () => number;
  /** Monotonic milliseconds, for how long a signed order has been out; default performance.now. */
  readonly elapsed?: () => number;
  /** Alerts older than this when picked up are rejected as stale; default 60 s. */
  readonly maxAlertAgeMs?: number;
  /** How long transient exchange failures are retried for one signal before it fails; default 30 s. */
  readonly retryDeadlineMs?: number;
  /** This process's share of the users; default all of them. */
  readonly partition?: Partition;
  /** The client's nonce manager, so OrderSubmitted records the nonce actually signed. */
  readonly nonces?: ReservingNonceManager;
  /** Lifetime of a signed order, as configured on the client (default 60 s). */
  readonly orderExpiryMs?: number;
  /** How old a tracked balance may be for an alert sized as a share of it; default 30 s. */
  readonly accountCacheTtlMs?: number;
  /** How old the tracked account may be for other alerts (fixed size, closes); default 5 min. */
  readonly trackedAccountMaxAgeMs?: number;
  /** Backoff between retries; default the client's DEFAULT_BACKOFF. */
  readonly backoff?: BackoffPolicy;
  /** Most signals in flight at once (across users); default 256. */
  readonly maxInFlight?: number;
  /**
   * How long checkpoint writes are batched, default 250 ms: a checkpoint is an fsync'd write, kept
   * off the order path. Delivery is at-least-once anyway; a finished signal seen again is a no-op.
   */
  readonly checkpointIntervalMs?: number;
  /** How long a user's executions gather before one read of their fills and account state; default 500 ms. */
  readonly fillBatchDelayMs?: number;
  /** Least time between two fills-and-account reads of one user; default 10 s. */
  readonly fillMinReadIntervalMs?: number;
  /** Each fills-and-account read waits a further random part of this, so users' reads do not land in step; default 2 s. */
  readonly fillReadSpreadMs?: number;
  /** Test hook for that spread; default Math.random. */
  readonly random?: () => number;
  /** Test hook for the waits before fills-and-account reads; default setTimeout. */
  readonly fillTimer?: (run: () => void, delayMs: number) => NodeJS.Timeout;
  /** How often open paper positions are checked for funding and liquidation (startPaperKeeper); default 10 s. */
  readonly paperCheckIntervalMs?: number;
  /** Test hook for the waits between those checks; default setTimeout. */
  readonly paperTimer?: (run: () => void, delayMs: number) => NodeJS.Timeout | undefined;
  /** How often armed stop moves (break-even) are checked against the mids (startProtectionKeeper); default 5 s. */
  readonly protectionCheckIntervalMs?: number;
  /** Test hook for the waits between those checks; default setTimeout. */
  readonly protectionTimer?: (run: () => void, delayMs: number) => NodeJS.Timeout | undefined;
  /** How often resting entries past their `cancelAfterMinutes` are looked for (startRestingExpiryKeeper); default 15 s. */
  readonly restingExpiryIntervalMs?: number;
  /** Test hook for the waits between those checks; default setTimeout. */
  readonly restingExpiryTimer?: (run: () => void, delayMs: number) => NodeJS.Timeout | undefined;
  /** How often entries held for approval past their `expiresAt` are looked for (startApprovalExpiryKeeper); default 5 s. */
  readonly approvalExpiryIntervalMs?: number;
  /** Test hook for the waits between those checks; default setTimeout. */
  readonly approvalExpiryTimer?: (run: () => void, delayMs: number) => NodeJS.Timeout | undefined;
  /** How often users due a funding read (once a funding hour) are looked for (startFundingKeeper); default 60 s. */
  readonly fundingCheckIntervalMs?: number;
  /** Test hook for the waits between those checks; default setTimeout. */
  readonly fundingTimer?: (run: () => void, delayMs: number) => NodeJS.Timeout | undefined;
  /** Most users whose funding is read in one check; default 25. */
  readonly fundingUsersPerCheck?: number;
  readonly log?: ExecutorLog;
  readonly hooks?: ExecutorHooks;
  /** Test hook for backoff waits. */
  readonly sleep?: (ms: number) => Promise<void>;
}

/** A running executor. */
export interface Executor {
  /** Resolves once the backlog that existed at start has been processed. */
  readonly caughtUp: Promise<void>;
  /** Resolves when no signal is being processed and every execution so far has its fills recorded (tests, benchmarks). */
  idle(): Promise<void>;
  /** Checks the armed stop moves now instead of at the next interval (tests). */
  checkProtection(): Promise<void>;
  /** Cancels the resting entries due by now instead of at the next interval (tests). */
  checkExpiries(): Promise<void>;
  /** Refuses the entries whose approval timed out by now instead of at the next interval (tests). */
  checkApprovals(): Promise<void>;
  /** Checks the paper accounts against the mids now instead of at the next interval (tests). */
  checkPaper(): Promise<void>;
  /** Reads and records the funding of the users due a read now instead of at the next interval (tests). */
  checkFunding(): Promise<void>;
  /** Stops taking signals, lets in-flight ones reach a safe point, saves the checkpoint. */
  stop(): Promise<void>;
}

/**
 * Starts the executor: it follows SignalReceived events from its own checkpoint (followLog), and
 * SignalApproved, which brings an entry held for its trader's approval back (issue 42).
 * A UserDispatcher runs each user's signals strictly in arrival order on a per-user lane; different
 * users run concurrently. The checkpoint only moves past a signal once it is finished, so a
 * restart resumes every unfinished signal (each from the state its stream records); one whose
 * processing keeps failing, version conflicts included, is given up at SIGNAL_RETRY_POLICY's bound
 * and left for that restart.
 */
export async function startExecutor(options: ExecutorOptions): Promise<Executor> {
  const partition = options.partition === undefined ? undefined : validatePartition(options.partition);
  const clock = options.clock ?? Date.now;
  const log = options.log ?? jsonLineLog;
  const { eventStore, checkpoints } = options.store;
  const checkpointName = checkpointNameFor(partition);
  let stopping = false;

  const ctx: ExecutorContext = {
    eventStore,
    client: options.client,
    sealer: cachingUnsealer(options.sealer),
    clock,
    elapsed: options.elapsed ?? (() => performance.now()),
    maxAlertAgeMs: options.maxAlertAgeMs ?? 60_000,
    retryDeadlineMs: options.retryDeadlineMs ?? 30_000,
    orderExpiryMs: options.orderExpiryMs ?? 60_000,
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    accounts: new AccountStateCache(options.client, options.accountCacheTtlMs ?? 30_000, clock),
    accountAges: { balanceMaxAgeMs: options.accountCacheTtlMs ?? 30_000, trackedMaxAgeMs: options.trackedAccountMaxAgeMs ?? 5 * 60_000 },
    ledgers: new StrategyLedgers(eventStore),
    profiles: createUserProfiles(eventStore),
    nonces: options.nonces,
    hooks: options.hooks ?? {},
    log,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    isStopping: () => stopping,
  };

  // Before any order is planned: nonces above the highest the log records, whatever the clock says now.
  if (options.nonces !== undefined) await seedNonceFloor(eventStore, options.nonces, clock(), log);

  const fillsCheckpoint = `${checkpointName}-fills`;
  // A first start records the fills of executions from now on: earlier ones had theirs recorded with them.
  if ((await checkpoints.get(fillsCheckpoint)) === undefined) await checkpoints.set(fillsCheckpoint, await eventStore.headPosition());
  const fills = await startFillRecorder({
    eventStore,
    checkpoints,
    client: options.client,
    profiles: ctx.profiles,
    partition,
    checkpointName: fillsCheckpoint,
    clock,
    log,
    ledgers: ctx.ledgers,
    onSnapshot: (uid, account, snapshot, readAt) => ctx.accounts.adopt(uid, account, snapshot, readAt),
    ...(options.fillBatchDelayMs !== undefined ? { batchDelayMs: options.fillBatchDelayMs } : {}),
    ...(options.fillMinReadIntervalMs !== undefined ? { minReadIntervalMs: options.fillMinReadIntervalMs } : {}),
    ...(options.fillReadSpreadMs !== undefined ? { readSpreadMs: options.fillReadSpreadMs } : {}),
    ...(options.random !== undefined ? { random: options.random } : {}),
    ...(options.fillTimer !== undefined ? { setTimer: options.fillTimer } : {}),
    ...(options.checkpointIntervalMs !== undefined ? { checkpointIntervalMs: options.checkpointIntervalMs } : {}),
  });

  // Funding and liquidation of paper positions (issue 30): what the venue does to a position by itself.
  const paperKeeper = await startPaperKeeper({
    eventStore,
    client: options.client,
    profiles: ctx.profiles,
    partition,
    clock,
    log,
    ...(options.paperCheckIntervalMs !== undefined ? { intervalMs: options.paperCheckIntervalMs } : {}),
    ...(options.paperTimer !== undefined ? { setTimer: options.paperTimer } : {}),
  });

  const syncs = await startSyncListener({
    eventStore,
    partition,
    forget: (uid) => ctx.accounts.forgetUser(uid),
    // The first look at the account, taken when the keys were saved: the trader's first alert plans
    // on it (if young enough for its sizing) instead of reading the venue again. Only with the mode
    // the venue stated; an account whose mode is not known is read as before.
    adopt: async (uid, recorded) => {
      const credentials = (await ctx.profiles.get(uid)).credentials;
      if (credentials?.accountMode === undefined) return;
      const account = { accountAddress: credentials.accountAddress, isTestnet: credentials.isTestnet };
      ctx.accounts.adopt(uid, account, snapshotOfEvents(recorded.positions, recorded.balance, credentials.accountMode), Date.parse(recorded.positions.at));
      log({ level: 'info', msg: 'account snapshot of the key save tracked', userId: uid });
    },
    log,
  });

  /** Processes one signal; held back when it is left for the next run (the checkpoint stays before it). */
  const handle = async (event: RecordedEvent, uid: string): Promise<LaneOutcome> => {
    const stream = parseStreamId(event.streamId);
    if (stream?.category !== 'signal') return 'finished';
    const signalId = stream.id;
    // A version conflict means another writer moved the signal on: it is folded again and continued, a bounded number of times.
    const result = await withRetry(() => processSignal(ctx, signalId), SIGNAL_RETRY_POLICY, {
      sleep: ctx.sleep,
      random: Math.random,
      // ExecutorStoppingError is thrown only once stopping: the signal is resumed by the next run.
      isStopping: () => stopping,
      onRetry: (error, attempt) => log({ level: 'warn', msg: 'signal processing failed, retrying', signalId, userId: uid, error: messageOf(error), attempt }),
    });
    if (result.ok) return 'finished';
    if (result.reason === 'exhausted') {
      log({
        level: 'error',
        msg: 'signal processing keeps failing; left for the next run',
        signalId,
        userId: uid,
        error: messageOf(result.error),
        attempts: result.attempts,
      });
    }
    return 'heldBack';
  };

  const dispatcher = new UserDispatcher({
    ownerOf: (event) => ownerOf(eventStore, event),
    owns: (uid) => ownsUser(uid, partition),
    handle,
    maxInFlight: options.maxInFlight ?? 256,
    isStopping: () => stopping,
  });

  // Stops an alert asked to move (break-even), moved in the user's lane as the mids reach them.
  const protection = await startProtectionKeeper({
    ctx,
    partition,
    inLane: (uid, work) => dispatcher.inLane(uid, work),
    ...(options.protectionCheckIntervalMs !== undefined ? { intervalMs: options.protectionCheckIntervalMs } : {}),
    ...(options.protectionTimer !== undefined ? { setTimer: options.protectionTimer } : {}),
  });

  // Resting entries cancelled once their alert's cancelAfterMinutes has passed (issue 41), in the user's lane.
  const expiries = await startRestingExpiryKeeper({
    ctx,
    partition,
    inLane: (uid, work) => dispatcher.inLane(uid, work),
    ...(options.restingExpiryIntervalMs !== undefined ? { intervalMs: options.restingExpiryIntervalMs } : {}),
    ...(options.restingExpiryTimer !== undefined ? { setTimer: options.restingExpiryTimer } : {}),
  });

  // Entries held for their trader's approval refused once their time is up (issue 42), in the user's lane.
  const approvals = await startApprovalExpiryKeeper({
    ctx,
    partition,
    inLane: (uid, work) => dispatcher.inLane(uid, work),
    ...(options.approvalExpiryIntervalMs !== undefined ? { intervalMs: options.approvalExpiryIntervalMs } : {}),
    ...(options.approvalExpiryTimer !== undefined ? { setTimer: options.approvalExpiryTimer } : {}),
  });

  // Live funding payments recorded from the venue once an hour (issue 43): deferrable reads, outside the users' lanes.
  const funding = await startFundingKeeper({
    ctx,
    partition,
    ...(options.fundingCheckIntervalMs !== undefined ? { intervalMs: options.fundingCheckIntervalMs } : {}),
    ...(options.fundingTimer !== undefined ? { setTimer: options.fundingTimer } : {}),
    ...(options.fundingUsersPerCheck !== undefined ? { usersPerCheck: options.fundingUsersPerCheck } : {}),
  });

  const follower = followLog({
    eventStore,
    checkpoint: namedCheckpoint(checkpoints, checkpointName),
    saving: { kind: 'behind', intervalMs: options.checkpointIntervalMs ?? 250 },
    // An approved signal is processed again, in its user's lane after everything before it: the
    // same owner (its metadata, else its SignalReceived), so the same partition and lane.
    filter: { streamPrefix: streamPrefix('signal'), types: ['SignalReceived', 'SignalApproved'] },
    batchSize: 200,
    handle: (batch, work) => dispatcher.dispatch(batch, work),
    settle: () => dispatcher.drain(),
    onError: (error) => log({ level: 'error', msg: 'executor subscription stopped', error: messageOf(error) }),
    onSaveError: (error) => log({ level: 'error', msg: 'could not save checkpoint', error: messageOf(error) }),
  });
  const from = await follower.started;

  const idle = async (): Promise<void> => {
    await dispatcher.idle();
    await fills.idle();
  };

  log({ level: 'info', msg: 'executor started', checkpoint: checkpointName, from, partition: partition ?? null });
  let stopped: Promise<void> | undefined;
  return {
    caughtUp: follower.caughtUp.then(() => dispatcher.idle()),
    idle,
    checkProtection: () => protection.check(),
    checkExpiries: () => expiries.check(),
    checkApprovals: () => approvals.check(),
    checkPaper: () => paperKeeper.check(),
    checkFunding: () => funding.check(),
    stop() {
      stopped ??= (async () => {
        stopping = true;
        // Stops reading, lets the lanes reach a safe point, then writes the checkpoint.
        await follower.stop();
        await fills.stop();
        await paperKeeper.stop();
        await protection.stop();
        await expiries.stop();
        await approvals.stop();
        await funding.stop();
        await syncs.stop();
        log({ level: 'info', msg: 'executor stopped', checkpoint: follower.saved ?? from });
      })();
      return stopped;
    },
  };
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
