import { setMaxListeners } from 'node:events';
import { accountStreamId, parseStreamId, sameAddress, streamPrefix, type SignalExecuted } from '@hyperhook/domain';
import { decodeRecordedEvent, followLog, namedCheckpoint, ownerOf, toNewEvent, type OpenWork } from '@hyperhook/eventsourcing';
import type { AccountRef, AccountSnapshot, HyperliquidClient } from '@hyperhook/hyperliquid';
import type { Checkpoints, EventStore, RecordedEvent } from '@hyperhook/store';
import { snapshotEvents, type UserProfiles } from '@hyperhook/trading';
import { fillReadDelayMs } from './fillReadDelay.js';
import type { ExecutorLog } from './executorLog.js';
import { ownsUser, type Partition } from './partition.js';
import { signalFillOf } from './signalFillOf.js';
import type { StrategyLedgers } from './strategyLedgers.js';
import { toFillRecorded } from './toFillRecorded.js';

/**
 * How far before an order's fill time the fills are read: the venue's clock is not ours. Every
 * read returns all of the user's fills since then, so a wide margin is paid on each read: 60 s
 * made a user trading 5 times a second read 350 fills each time, and the reads of users whose
 * alerts fired together stalled the executor's thread for hundreds of milliseconds.
 */
export const FILLS_CLOCK_MARGIN_MS = 10_000;

/** Options of {@link startFillRecorder}. */
export interface FillRecorderOptions {
  readonly eventStore: EventStore;
  readonly checkpoints: Checkpoints;
  readonly client: Pick<HyperliquidClient, 'getUserFills' | 'getAccountSnapshot'>;
  readonly profiles: UserProfiles;
  readonly partition: Partition | undefined;
  /** Its own checkpoint (one per executor partition). */
  readonly checkpointName: string;
  readonly clock: () => number;
  readonly log: ExecutorLog;
  /** How long a user's executions gather before one read of their fills and account, default 500 ms. */
  readonly batchDelayMs?: number;
  /**
   * Least time between two reads of one user's fills and account, default 10 s: a user whose
   * alerts come fast costs the venue's rate budget (userFillsByTime weighs 20) a bounded number of
   * reads, however many orders they send; one read covers every order since.
   */
  readonly minReadIntervalMs?: number;
  /**
   * Each read waits a further random part of this, default 2 s: users whose alerts fire together
   * (the hour's close) would otherwise read in step, at once and again every minReadIntervalMs,
   * and each read's fills land on the executor's, writer's and projector's threads together.
   */
  readonly readSpreadMs?: number;
  /** Test hook for the spread; default Math.random. */
  readonly random?: () => number;
  /**
   * Starts the wait before a user's read, default setTimeout: tests record the waits asked for
   * instead of timing the reads by the wall clock (issue 40, point 8).
   */
  readonly setTimer?: (run: () => void, delayMs: number) => NodeJS.Timeout;
  /** Reads after which an order whose fills the venue still does not list is given up (logged), default 20. */
  readonly maxRounds?: number;
  /**
   * How long checkpoint writes are batched, default 250 ms: each is a commit on the store's one
   * writer, and at hundreds of executions a second one per subscription batch was most of them.
   */
  readonly checkpointIntervalMs?: number;
  /**
   * The executor's strategy ledgers: told of every execution this recorder has still to record
   * (those of a previous run too), and ready once the recorder has read the log to its head.
   */
  readonly ledgers?: StrategyLedgers;
  /** Hears each account snapshot read here, so the executor tracks it without a read of its own. */
  readonly onSnapshot?: (uid: string, account: AccountRef, snapshot: AccountSnapshot, readAt: number) => void;
}

/** A running fill recorder. */
export interface FillRecorder {
  /** Resolves once every execution in the log when called has its fills recorded (or was given up). */
  idle(): Promise<void>;
  /** Stops, giving up the reads in progress; executions not yet recorded are recorded by the next start (the checkpoint stays before them). */
  stop(): Promise<void>;
}

/** One filled order waiting for its fills. */
type Waiting = {
  readonly signalId: string;
  readonly oid: number;
  readonly position: number;
  /** Reports its fills recorded to the follower: the checkpoint may pass it. */
  readonly recorded: () => void;
  readonly sinceMs: number;
  /** Its signal's strategy, and whether it was the trader's close-all: its fills say so (issue 39, point 1). */
  readonly owner: { readonly strategyId?: string; readonly closeAll?: true };
  rounds: number;
};

/** The orders of one user waiting for the next read. */
type UserBatch = {
  readonly account: AccountRef;
  /** The account is a sub-account a strategy trades on (issue 39, point 2): its fills say so, and its snapshots are not the main account's. */
  readonly subAccount: boolean;
  readonly orders: Waiting[];
  timer: NodeJS.Timeout | undefined;
  lastReadAt: number | undefined;
};

/**
 * Records the fills and the account state after the executor's filled orders, off the signal's
 * path: it follows SignalExecuted (followLog, its own checkpoint) and gathers each user's
 * executions for `batchDelayMs` (and at least `minReadIntervalMs` after that user's last read,
 * and a random part of `readSpreadMs`), then ONE userFillsByTime read covers all of them and one
 * account read gives the positions and balance they left; FillRecorded events (each caused by its
 * signal) and the snapshots are appended to `account-<uid>` together. Before, every order waited for those
 * three reads before its outcome was recorded.
 *
 * At-least-once: the checkpoint moves only past executions whose fills were appended, so a crash
 * in between records them again on restart; fills carry the venue's trade id, on which the read
 * models deduplicate. An order the venue does not list yet is read again at the next round.
 */
export async function startFillRecorder(options: FillRecorderOptions): Promise<FillRecorder> {
  const { eventStore, checkpoints, client, profiles, partition, log, clock } = options;
  const batchDelayMs = options.batchDelayMs ?? 500;
  const minReadIntervalMs = options.minReadIntervalMs ?? 10_000;
  const maxRounds = options.maxRounds ?? 20;
  const readSpreadMs = options.readSpreadMs ?? 2_000;
  const random = options.random ?? Math.random;
  const setTimer = options.setTimer ?? ((run, delayMs) => setTimeout(run, delayMs));
  const batches = new Map<string, UserBatch>();
  let stopping = false;
  // Deferrable reads may wait long for room in the venue's budget (their pace allows about five
  // users' reads in ten seconds): a stop gives them up rather than wait, and the next start reads
  // again, since the checkpoint stays before what they were to record.
  const reads = new AbortController();
  // Each read listens on it while it runs or waits, hundreds at once after a bar close, and stops
  // listening when it ends: not the leak Node's warning at eleven listeners is for.
  setMaxListeners(0, reads.signal);
  const idleWaiters: Array<() => void> = [];
  const flushing = new Set<Promise<void>>();
  const settle = (): void => {
    for (const resolve of idleWaiters.splice(0)) resolve();
  };

  const schedule = (uid: string, batch: UserBatch, delayMs: number): void => {
    if (batch.timer !== undefined || stopping) return;
    const sinceRead = batch.lastReadAt === undefined ? undefined : clock() - batch.lastReadAt;
    batch.timer = setTimer(
      () => {
        const running = flush(uid, batch).finally(() => flushing.delete(running));
        flushing.add(running);
      },
      fillReadDelayMs(delayMs, minReadIntervalMs, sinceRead) + random() * readSpreadMs,
    );
  };

  const flush = async (uid: string, batch: UserBatch): Promise<void> => {
    batch.timer = undefined;
    const orders = batch.orders.splice(0);
    if (orders.length === 0 || stopping) return;
    const since = Math.min(...orders.map((order) => order.sinceMs));
    let retry: Waiting[] = orders;
    const readAt = clock();
    batch.lastReadAt = readAt;
    try {
      // Deferrable: these reads give way to orders and to the reads orders wait for in the venue's weight budget.
      const deferrable = { priority: 'deferrable', signal: reads.signal } as const;
      const [fills, snapshot] = await Promise.all([
        client.getUserFills(batch.account, since, deferrable),
        client.getAccountSnapshot(batch.account, deferrable),
      ]);
      options.onSnapshot?.(uid, batch.account, snapshot, readAt);
      const now = new Date(clock()).toISOString();
      retry = [];
      const events = [];
      for (const order of orders) {
        const own = fills.filter((fill) => fill.oid === order.oid);
        if (own.length > 0) {
          const owner = batch.subAccount ? { ...order.owner, subAccount: batch.account.accountAddress.toLowerCase() } : order.owner;
          events.push(...own.map((fill) => toNewEvent(toFillRecorded(fill, order.signalId, owner), { causationId: order.signalId })));
          continue;
        }
        order.rounds += 1;
        if (order.rounds < maxRounds) retry.push(order);
        else log({ level: 'warn', msg: 'the venue lists no fills for a filled order; given up', signalId: order.signalId, userId: uid, oid: order.oid });
      }
      const cause = orders.at(-1)?.signalId;
      // The positions and balance read models are the main account's: a sub-account's picture is the executor's alone.
      if (!batch.subAccount)
        events.push(...snapshotEvents(snapshot, now, 'fill').map((event) => toNewEvent(event, cause === undefined ? {} : { causationId: cause })));
      if (events.length > 0) await eventStore.append(accountStreamId(uid), events);
      for (const order of orders) if (!retry.includes(order)) order.recorded();
    } catch (error) {
      if (!stopping) log({ level: 'warn', msg: 'could not record fills and account state; trying again', userId: uid, error: messageOf(error) });
    }
    batch.orders.push(...retry);
    if (batch.orders.length > 0) schedule(uid, batch, batchDelayMs * Math.min(8, 2 ** Math.max(0, ...batch.orders.map((o) => o.rounds))));
    settle();
  };

  /**
   * The strategy an execution's fills belong to: as the executor expected it when it sent the
   * order, else read from the signal (an order of an earlier run), which the ledger then expects too.
   */
  const ownerOfExecution = async (uid: string, signalId: string, data: SignalExecuted['data']): Promise<Waiting['owner']> => {
    const expected = options.ledgers?.expectedOf(uid, signalId);
    const fill = expected ?? (await signalFillOf(eventStore, signalId, data));
    if (fill === null) return {};
    if (expected === undefined) options.ledgers?.expect(uid, fill);
    return { strategyId: fill.strategyId, ...(fill.closeAll === true ? { closeAll: true as const } : {}) };
  };

  const accept = async (event: RecordedEvent, work: OpenWork): Promise<void> => {
    const executed = executionOf(event);
    if (executed === null) return;
    const { signalId, data } = executed;
    // A paper execution's fills were recorded with it, on the paper stream: the exchange has none.
    if (data.status !== 'filled' || data.oid === undefined || data.venue === 'paper') return;
    const uid = await ownerOf(eventStore, event);
    if (uid === null || !ownsUser(uid, partition)) return;
    // The account the order was placed on; the profile's (today's) only for events that predate it.
    const account = data.account ?? (await profiles.get(uid)).lastAccount;
    if (account === null) return;
    const filledAt = Date.parse(data.filledAt ?? data.acknowledgedAt);
    // One batch per user and account: a user who switched accounts while fills of the old one
    // were still due keeps both, and no execution is passed over by the checkpoint.
    const key = `${uid} ${account.isTestnet ? 'testnet' : 'mainnet'} ${account.accountAddress.toLowerCase()}`;
    let batch = batches.get(key);
    if (batch === undefined) {
      // The mode recorded with the keys, while the order's account is still theirs: no userAbstraction read.
      const current = (await profiles.get(uid)).credentials;
      const mode =
        current !== null && current.isTestnet === account.isTestnet && sameAddress(current.accountAddress, account.accountAddress)
          ? current.accountMode
          : undefined;
      const { accountAddress, isTestnet } = account;
      batch = {
        account: { accountAddress, isTestnet, mode },
        subAccount: data.account?.subAccount === true,
        orders: [],
        timer: undefined,
        lastReadAt: undefined,
      };
      batches.set(key, batch);
    }
    // Positions of executions not yet recorded hold the checkpoint before the first of them.
    const position = event.globalPosition;
    const recorded = work.take(position).finish;
    const owner = await ownerOfExecution(uid, signalId, data);
    batch.orders.push({
      signalId,
      oid: data.oid,
      position,
      recorded,
      sinceMs: (Number.isFinite(filledAt) ? filledAt : clock()) - FILLS_CLOCK_MARGIN_MS,
      owner,
      rounds: 0,
    });
    schedule(uid, batch, batchDelayMs);
  };

  const follower = followLog({
    eventStore,
    checkpoint: namedCheckpoint(checkpoints, options.checkpointName),
    saving: { kind: 'behind', intervalMs: options.checkpointIntervalMs ?? 250 },
    filter: { streamPrefix: streamPrefix('signal'), types: ['SignalExecuted'] },
    batchSize: 500,
    handle: async (batch, work) => {
      for (const event of batch.events) {
        if (stopping) return 'leftUnfinished';
        await accept(event, work);
      }
      return stopping ? 'leftUnfinished' : undefined;
    },
    onProgress: settle,
    settle: async () => {
      for (const batch of batches.values()) clearTimeout(batch.timer);
      await Promise.allSettled([...flushing]);
    },
    onError: (error) => log({ level: 'error', msg: 'fill recorder subscription stopped', error: messageOf(error) }),
    onSaveError: (error) => log({ level: 'error', msg: 'could not save the fill recorder checkpoint', error: messageOf(error) }),
  });
  await follower.started;
  // Every execution of an earlier run is expected by then: the ledger may judge drift.
  void follower.caughtUp.then(
    () => options.ledgers?.markReady(),
    () => undefined,
  );

  let stopped: Promise<void> | undefined;
  return {
    async idle() {
      const head = await eventStore.headPosition();
      while (!stopping && (follower.scanned < head || follower.open > 0)) await new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
    stop() {
      stopped ??= (async () => {
        stopping = true;
        // Gives up the reads in progress, stops reading, then writes the checkpoint.
        reads.abort();
        await follower.stop();
        for (const resolve of idleWaiters.splice(0)) resolve();
      })();
      return stopped;
    },
  };
}

/** A SignalExecuted as its schema reads it, with its signal's id; null for any other or an unreadable event. */
function executionOf(recorded: RecordedEvent): { signalId: string; data: SignalExecuted['data'] } | null {
  const stream = parseStreamId(recorded.streamId);
  const decoded = decodeRecordedEvent(recorded);
  if (stream?.category !== 'signal' || decoded.kind !== 'domain' || decoded.record.event.type !== 'SignalExecuted') return null;
  return { signalId: stream.id, data: decoded.record.event.data };
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
