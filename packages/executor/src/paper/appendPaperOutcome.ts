import { paperStreamId, type PaperEvent } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import type { ExecutorContext } from '../executorContext.js';
import type { LoadedSignal } from '../signalStream.js';

/**
 * A paper alert's decided steps and the paper account's events, in one multi-stream append with
 * both streams' versions expected: a crash leaves all of it or none (the alert is then decided
 * again from the log), and two writers can never both book one fill or one cancel.
 */
export async function appendPaperOutcome(
  ctx: ExecutorContext,
  signal: LoadedSignal,
  uid: string,
  paperVersion: number,
  paperEvents: readonly PaperEvent[],
): Promise<void> {
  if (signal.inflight) await signal.inflight;
  const metadata = { userId: uid };
  await ctx.eventStore.appendMultiStream([
    {
      streamId: signal.streamId,
      events: signal.pending.map((event) => toNewEvent(event, signal.metadata ?? metadata)),
      expectedVersion: signal.version < 0 ? 'no_stream' : signal.version,
    },
    ...(paperEvents.length === 0
      ? []
      : [
          {
            streamId: paperStreamId(uid),
            events: paperEvents.map((event) => toNewEvent(event, metadata)),
            expectedVersion: paperVersion < 0 ? ('no_stream' as const) : paperVersion,
          },
        ]),
  ]);
}
