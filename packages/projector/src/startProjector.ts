import { allProjections, type Projection } from '@hyperhook/domain';
import { activeGeneration, checkpointName, DEFAULT_PROJECTOR_NAME, followLog, ResumeFromCheckpoint } from '@hyperhook/eventsourcing';
import type { GlobalPosition, ReadStore, RecordedEvent, StorePorts } from '@hyperhook/store';
import { positionWaiters } from './positionWaiters.js';
import { projectBatch, type SkipReporter } from './projectBatch.js';

/** Options of startProjector. */
export type ProjectorOptions = {
  /** The ports (event store, read store, unit of work, checkpoints, notifier). */
  readonly store: StorePorts;
  /** Default: every read model of the domain. */
  readonly projections?: readonly Projection<unknown>[];
  /** Names the checkpoint; default 'read-models'. */
  readonly name?: string;
  /** Most events per transaction, default 500 (SQLite blocks the loop for the whole batch). */
  readonly batchSize?: number;
  /**
   * After a batch that reached the head, wait this long before reading the next one, default 10 ms.
   * Under a stream of webhooks this gathers many events per transaction instead of committing
   * (and fsyncing, on the shared SQLite connection) once per event, which would block the
   * webhook path; an idle projector still applies a new event at once. 0 disables it.
   */
  readonly coalesceMs?: number;
  /** Delay before resubscribing after a failed batch, default 1000 ms. */
  readonly retryDelayMs?: number;
  /** Where events that cannot be projected are reported; default console.warn. */
  readonly onSkip?: SkipReporter;
  /** Where failures of a batch are reported before the retry; default console.error. */
  readonly onError?: (error: unknown) => void;
  /**
   * Hears every position the read models reached, once its batch committed: how an api on
   * another thread learns it for read-your-writes.
   */
  readonly onProjected?: (position: GlobalPosition) => void;
};

/** A running projector. */
export interface Projector {
  /** Resolves with the position the first time the read models include the whole log (rejects if stopped before). */
  readonly caughtUp: Promise<GlobalPosition>;
  /** The checkpoint committed last: the read models include every event up to here. */
  position(): GlobalPosition;
  /**
   * Resolves once the read models include `position` (e.g. the `lastPosition` of an append):
   * read-your-writes for the api. Rejects after `timeoutMs` (default 5000) or when stopped.
   */
  waitFor(position: GlobalPosition, timeoutMs?: number): Promise<void>;
  /** Stops after the batch in progress; idempotent. */
  stop(): Promise<void>;
}

const defaultSkip: SkipReporter = (event, reason) =>
  console.warn(`projector: skipped event ${event.eventId} (${event.type} at ${event.globalPosition}): ${reason}`);

/**
 * Starts the read-model projector: it follows the log (followLog) from the stored checkpoint of
 * the active generation, and resumes from it after a failed batch. Each batch runs every projection (documents loaded once, state kept across
 * the batch) and commits changes + checkpoint in one unit of work; change notices on
 * `user.<uid>` are published by the unit of work only after that commit. Re-delivered events
 * are skipped by the documents' version guard, so a crash between commit and acknowledgement is
 * harmless. When a replay switches the active generation, the projector notices at its next
 * batch and resumes from the new generation's checkpoint.
 */
export function startProjector(options: ProjectorOptions): Projector {
  const { store } = options;
  const projections = options.projections ?? allProjections;
  const name = options.name ?? DEFAULT_PROJECTOR_NAME;
  const onSkip = options.onSkip ?? defaultSkip;
  const onError = options.onError ?? ((error: unknown) => console.error('projector: batch failed, resubscribing', error));
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const coalesceMs = options.coalesceMs ?? 10;
  const waiters = positionWaiters();

  let position: GlobalPosition = 0;
  let stopped = false;
  let resolveCaughtUp!: (position: GlobalPosition) => void;
  let rejectCaughtUp!: (error: Error) => void;
  const caughtUp = new Promise<GlobalPosition>((resolve, reject) => {
    resolveCaughtUp = resolve;
    rejectCaughtUp = reject;
  });
  caughtUp.catch(() => undefined); // observed by callers who care; never an unhandled rejection

  // The generation being projected, read again at each start: a replay switches it, and with it the checkpoint.
  let generation = 0;
  let checkpoint = checkpointName(name, generation);
  let pinned: ReadStore = store.readStore;

  const follower = followLog({
    eventStore: store.eventStore,
    // Stored by the unit of work with each batch's documents: the follower writes none of its own.
    checkpoint: {
      async load() {
        generation = await activeGeneration(store.readStore, projections);
        checkpoint = checkpointName(name, generation);
        pinned = store.readStore.withGeneration(generation);
        return store.checkpoints.get(checkpoint);
      },
    },
    batchSize: options.batchSize ?? 500,
    retry: { delayMs: retryDelayMs },
    onError,
    onResume(from) {
      position = from;
      // A restart at the head projects no batch: a listener on another thread must still learn where the read models are.
      options.onProjected?.(from);
    },
    async handle(batch) {
      if (stopped) return 'leftUnfinished';
      if ((await activeGeneration(store.readStore, projections)) !== generation)
        throw new ResumeFromCheckpoint('a replay switched the read models to another generation');
      const projected = await projectBatch(batch.events as RecordedEvent[], projections, pinned, onSkip);
      await store.unitOfWork.applyBatch({
        changes: projected.changes,
        checkpoint: { name: checkpoint, position: batch.position },
        generation,
        notifications: projected.notifications,
      });
      position = batch.position;
      waiters.reached(position);
      options.onProjected?.(position);
      if (batch.caughtUp && coalesceMs > 0 && !stopped) await new Promise((resolve) => setTimeout(resolve, coalesceMs));
    },
  });
  follower.caughtUp.then(resolveCaughtUp, () => undefined);

  return {
    caughtUp,
    position: () => position,
    waitFor: (target, timeoutMs = 5000) => (stopped ? Promise.reject(new Error('projector stopped')) : waiters.wait(target, position, timeoutMs)),
    async stop() {
      if (!stopped) {
        stopped = true;
        await follower.stop();
        waiters.abort(new Error('projector stopped'));
        rejectCaughtUp(new Error('projector stopped before catching up'));
      }
      await follower.stop();
    },
  };
}
