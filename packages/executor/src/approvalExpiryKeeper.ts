import { APPROVAL_EXPIRED, parseStreamId, streamPrefix, type SignalHeldForApproval } from '@hyperhook/domain';
import { followLog, ownerOf } from '@hyperhook/eventsourcing';
import { isWrongExpectedVersionError } from '@hyperhook/store';
import { ownsUser } from './partition.js';
import { createScanGate } from './scanGate.js';
import { startKeeperLoop, type LaneKeeperOptions, type PeriodicCheck } from './periodicCheck.js';
import { rejectSignal } from './recordOutcome.js';
import { loadSignal } from './signalStream.js';

/** Options of {@link startApprovalExpiryKeeper}: held entries are looked at every 5 s by default; a check costs nothing until one is due. */
export type ApprovalExpiryKeeperOptions = LaneKeeperOptions;

/** A running keeper of approval timeouts: check() refuses every held entry of the partition whose time is up. */
export type ApprovalExpiryKeeper = PeriodicCheck;

/** A held entry's owner and deadline (ms). */
interface Waiting {
  readonly uid: string;
  readonly expiresAt: number;
}

/** Tries of one expiry in one check: an append that conflicts is decided again on the stream as it is then. */
const ATTEMPTS = 2;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** "45 s", "5 min", "1 h 30 min": how long an entry waited, as its refusal says it. */
export function waitedText(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const parts = [
    [Math.floor(total / 3600), 'h'],
    [Math.floor((total % 3600) / 60), 'min'],
    [total % 60, 's'],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, unit]) => `${n} ${unit}`);
  return said.length === 0 ? '0 s' : said.join(' ');
}

/**
 * Refuses an entry held for its trader's approval (issue 42) once its `expiresAt` is reached on the
 * executor's clock (exactly at it counts as expired): SignalRejected APPROVAL_EXPIRED, saying how
 * long it waited; nothing was sent. The held entries are followed from the log from its first
 * event without a checkpoint, as the other keepers do, so a restart finds every one still waiting,
 * one that expired while the executor was down included; an approval ends the wait at once, and a
 * rejection when the entry's time comes and its stream shows it answered. The expiry is appended in the user's lane with the stream's
 * version expected, so the trader's answer and the timeout cannot both land: an answer that came
 * first makes the expiry a no-op, a conflict included.
 */
export async function startApprovalExpiryKeeper(options: ApprovalExpiryKeeperOptions): Promise<ApprovalExpiryKeeper> {
  const { ctx, partition, inLane } = options;
  /** signal id → its owner and deadline. */
  const waiting = new Map<string, Waiting>();
  let stopping = false;
  const gate = createScanGate(() => follower.scanned);

  const follower = followLog({
    eventStore: ctx.eventStore,
    startAt: 'first',
    // Not SignalRejected: every refused alert of every trader is one, and a held entry rejected by
    // its trader is found answered when its time comes (expire reads the stream again).
    filter: { streamPrefix: streamPrefix('signal'), types: ['SignalHeldForApproval', 'SignalApproved'] },
    batchSize: 500,
    handle: async (batch) => {
      for (const recorded of batch.events) {
        const stream = parseStreamId(recorded.streamId);
        if (stream?.category !== 'signal') continue;
        if (recorded.type !== 'SignalHeldForApproval') {
          waiting.delete(stream.id);
          continue;
        }
        const uid = await ownerOf(ctx.eventStore, recorded);
        if (uid === null || !ownsUser(uid, partition)) continue;
        const data = recorded.data as SignalHeldForApproval['data'];
        waiting.set(stream.id, { uid, expiresAt: Date.parse(data.expiresAt) });
      }
    },
    onProgress: gate.progressed,
    // A hold's owner may be read from the store (ownerOf), which can be out of reach for a while: the
    // follower reads the log again from its start rather than stop and leave later holds unexpired.
    retry: { delayMs: 1_000 },
    onError: (error) => ctx.log({ level: 'error', msg: 'approval expiry keeper failed following the log; following again', error: messageOf(error) }),
  });
  await follower.started;

  /** Refuses the entry if it still waits: read again, so an answer the follower has not seen yet still wins. */
  const expire = async (signalId: string, uid: string): Promise<void> => {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      const signal = await loadSignal(ctx.eventStore, signalId);
      const held = signal.events.findLast((event) => event.type === 'SignalHeldForApproval');
      if (signal.state.phase !== 'awaiting' || held?.type !== 'SignalHeldForApproval') return void waiting.delete(signalId);
      const { at, expiresAt } = held.data;
      const waited = waitedText(Date.parse(expiresAt) - Date.parse(at));
      try {
        await rejectSignal(ctx, signal, APPROVAL_EXPIRED, `Not approved within ${waited}: the entry was not sent.`);
        return void waiting.delete(signalId);
      } catch (error) {
        // Another writer appended since the read (the trader's answer, a re-delivery): read again.
        if (!isWrongExpectedVersionError(error)) throw error;
        ctx.log({ level: 'info', msg: 'held entry changed as it expired; read again', signalId, userId: uid, attempt });
      }
    }
  };

  const checkAll = async (): Promise<void> => {
    // A check answers for the log as it was when it began: every hold on it by then is known.
    const head = await ctx.eventStore.headPosition();
    await gate.reached(head);
    const now = ctx.clock();
    for (const [signalId, { uid, expiresAt }] of [...waiting]) {
      if (stopping) return;
      if (expiresAt > now) continue;
      try {
        await inLane(uid, () => expire(signalId, uid));
      } catch (error) {
        ctx.log({ level: 'error', msg: 'approval expiry keeper could not refuse a held entry', userId: uid, signalId, error: messageOf(error) });
      }
    }
  };

  return startKeeperLoop({
    name: 'approval expiry',
    log: ctx.log,
    run: checkAll,
    intervalMs: options.intervalMs ?? 5_000,
    setTimer: options.setTimer,
    follower,
    onStop: () => {
      stopping = true;
      gate.release();
    },
  });
}
