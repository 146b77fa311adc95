import type { EventStore } from '../ports/EventStore.js';
import type { GlobalPosition, RecordedEvent } from '../ports/events.js';

/**
 * Where copyEventLog writes: an event store that assigns its own positions (KurrentDB), so the
 * copy keeps ids, streams, versions, order and recording times, and maps positions.
 */
export type CopyTarget = {
  /** 0 while the target holds no event. */
  headPosition(): Promise<GlobalPosition>;
  /**
   * Appends events of one stream, consecutive in the source log, with their ids, types, data,
   * metadata and recordedAt, expecting the stream to end just before the first one's version.
   */
  appendRun(streamId: string, events: readonly RecordedEvent[]): Promise<void>;
  /** The target's log in order, as EventStore.readAll. */
  readAll: EventStore['readAll'];
};

/** Options of copyEventLog. */
export type CopyEventLogOptions = {
  /** The log to copy; every process writing to it must be stopped. */
  readonly source: Pick<EventStore, 'readAll' | 'headPosition'>;
  readonly target: CopyTarget;
  /** Source positions (consumers' checkpoints) to find on the target. */
  readonly positionsToMap?: readonly GlobalPosition[];
  /** Events read per page, default 1,000. */
  readonly pageSize?: number;
  readonly onProgress?: (progress: { readonly events: number; readonly position: GlobalPosition }) => void;
};

/** What a copy wrote, checked by reading both logs back. */
export type CopyEventLogResult = {
  readonly events: number;
  /** The source's head when copied, and the target's. */
  readonly sourcePosition: GlobalPosition;
  readonly targetPosition: GlobalPosition;
  /** Each of positionsToMap → the target position of the last event at or before it (0 before the first). */
  readonly mapped: ReadonlyMap<GlobalPosition, GlobalPosition>;
};

const DEFAULT_PAGE_SIZE = 1000;

/**
 * Copies an event log into an empty store that numbers positions its own way. Each run of
 * consecutive events of one stream is one append with the expected version the source had, so
 * a target that already holds a stream, or lost an event, refuses rather than interleave. When
 * the writing is done, both logs are read back side by side: the copy is accepted only if every
 * event matches in order (id, stream, version, type), and that same pass maps the given source
 * positions to the target's. The target is not cleaned after a failure (KurrentDB cannot truly
 * delete): copy again into a fresh one.
 */
export async function copyEventLog(options: CopyEventLogOptions): Promise<CopyEventLogResult> {
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) throw new RangeError(`pageSize must be a positive integer, got ${pageSize}`);
  const { source, target } = options;
  const held = await target.headPosition();
  if (held !== 0) throw new Error(`the target already holds events (its log reaches position ${held}): the log can only be copied into an empty store`);

  let position: GlobalPosition = 0;
  let copied = 0;
  for (;;) {
    const page = await source.readAll({ fromPosition: position, maxCount: pageSize });
    if (page.length === 0) break;
    for (const run of streamRuns(page)) await target.appendRun(run[0]!.streamId, run);
    copied += page.length;
    position = page[page.length - 1]!.globalPosition;
    options.onProgress?.({ events: copied, position });
  }
  const sourceHead = await source.headPosition();
  if (sourceHead !== position) {
    throw new Error(
      `the source log moved on during the copy (its head is at ${sourceHead}, the copy reached ${position}): stop every process using it and copy again into a fresh target`,
    );
  }
  const compared = await compareLogs(source, target, options.positionsToMap ?? [], pageSize);
  if (compared.events !== copied) throw new Error(`the copy does not add up: ${copied} events copied, ${compared.events} found on both sides`);
  return { events: copied, sourcePosition: position, targetPosition: compared.targetPosition, mapped: compared.mapped };
}

/** Splits a page of the log into runs of consecutive events of one stream. */
export function streamRuns(events: readonly RecordedEvent[]): RecordedEvent[][] {
  const runs: RecordedEvent[][] = [];
  for (const event of events) {
    const last = runs[runs.length - 1];
    if (last !== undefined && last[0]!.streamId === event.streamId) last.push(event);
    else runs.push([event]);
  }
  return runs;
}

/** Reads both logs in step; fails at the first event that differs; maps the wanted positions. */
async function compareLogs(source: CopyEventLogOptions['source'], target: CopyTarget, wanted: readonly GlobalPosition[], pageSize: number) {
  const pending = [...new Set(wanted)].sort((a, b) => a - b);
  const mapped = new Map<GlobalPosition, GlobalPosition>();
  let next = 0;
  let lastTarget: GlobalPosition = 0;
  const settleUpTo = (sourcePosition: GlobalPosition) => {
    while (next < pending.length && pending[next]! < sourcePosition) mapped.set(pending[next++]!, lastTarget);
  };

  let sourceAt: GlobalPosition = 0;
  let targetAt: GlobalPosition = 0;
  let events = 0;
  for (;;) {
    const [mine, theirs] = await Promise.all([
      source.readAll({ fromPosition: sourceAt, maxCount: pageSize }),
      target.readAll({ fromPosition: targetAt, maxCount: pageSize }),
    ]);
    const length = Math.min(mine.length, theirs.length);
    if (length === 0) {
      if (mine.length !== theirs.length)
        throw new Error(`the copy does not match: the ${mine.length > 0 ? 'target' : 'source'} log ends after ${events} events, the other goes on`);
      break;
    }
    for (let i = 0; i < length; i += 1) {
      const a = mine[i]!;
      const b = theirs[i]!;
      if (a.eventId !== b.eventId || a.streamId !== b.streamId || a.streamVersion !== b.streamVersion || a.type !== b.type) {
        throw new Error(`the copy does not match at event ${events + 1}: the source has ${describe(a)}, the target ${describe(b)}`);
      }
      settleUpTo(a.globalPosition);
      if (pending[next] === a.globalPosition) mapped.set(pending[next++]!, b.globalPosition);
      lastTarget = b.globalPosition;
      events += 1;
    }
    sourceAt = mine[length - 1]!.globalPosition;
    targetAt = theirs[length - 1]!.globalPosition;
  }
  settleUpTo(Number.POSITIVE_INFINITY);
  return { events, targetPosition: lastTarget, mapped };
}

function describe(event: RecordedEvent): string {
  return `${event.type} ${event.eventId} (${event.streamId} version ${event.streamVersion})`;
}
