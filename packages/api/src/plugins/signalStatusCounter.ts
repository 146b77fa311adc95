import type { SignalEvent, SignalStatus } from '@hyperhook/domain';
import type { EventStore, GlobalPosition } from '@hyperhook/store';
import type { Counter } from 'prom-client';

/**
 * The webhook-log status each signal event moves a log into, as the logs read model
 * (webhookLogsProjection) applies it; null when the event leaves the status as it was. A record
 * over the whole union, so a new signal event does not compile until it is placed here.
 */
export const STATUS_ENTERED_BY: Readonly<Record<SignalEvent['type'], SignalStatus | null>> = {
  SignalReceived: 'received',
  // A re-delivery is not a new signal: the webhook-ack counter labels it outcome="duplicate".
  SignalDuplicateReceived: null,
  SignalValidationStarted: 'validating',
  SignalRejected: 'failed',
  OrderPlanned: 'executing',
  // Still executing: counting it too would count one signal twice.
  OrderSubmitted: null,
  SignalExecuted: 'executed',
  SignalFailed: 'failed',
  // Done with nothing to send: executed, as the log shows it.
  TargetAlreadyHeld: 'executed',
  RestingOrdersCancelled: 'executed',
  ProtectionReplaced: 'executed',
  SignalHeldForApproval: 'awaiting_approval',
  // Approved: validating again, but the same signal; counting it would count it twice.
  SignalApproved: null,
};

const COUNTED_TYPES = Object.entries(STATUS_ENTERED_BY)
  .filter(([, status]) => status !== null)
  .map(([type]) => type);

/** Most events read per page while catching up. */
const PAGE_SIZE = 1_000;

/** Counts signals by the status they reached, read from the shared event log. */
export interface SignalStatusCounter {
  /** Counts from the log's current head on (history before the process started is not counted). */
  start(): Promise<void>;
  /** Counts every status-changing signal event up to `head`; runs one at a time. */
  catchUp(head: GlobalPosition): Promise<void>;
}

/**
 * Counting reads the event log rather than change notices: notices are fire-and-forget, never
 * cross processes without NATS and may arrive twice, while the log is shared by every process
 * and read forward from a position that only moves past what was counted, so each event is
 * counted exactly once, whichever process (ingress here, the executor elsewhere) appended it.
 * Every gateway reads the whole log, so each reports the deployment's totals (aggregate with
 * max, not sum).
 */
export function signalStatusCounter(eventStore: Pick<EventStore, 'headPosition' | 'readAll'>, counter: Counter<'status'>): SignalStatusCounter {
  let position: GlobalPosition | undefined;
  let running: Promise<void> = Promise.resolve();

  const countUpTo = async (head: GlobalPosition) => {
    if (position === undefined) return;
    while (position < head) {
      const page = await eventStore.readAll({ fromPosition: position, maxCount: PAGE_SIZE, filter: { types: COUNTED_TYPES } });
      for (const event of page) {
        if (event.globalPosition > head) break;
        const status = STATUS_ENTERED_BY[event.type as SignalEvent['type']];
        if (status) counter.inc({ status });
      }
      const last = page.at(-1)?.globalPosition;
      // A short page means nothing matched between its last event and the head.
      position = page.length < PAGE_SIZE || last === undefined || last >= head ? head : last;
      // Reads are synchronous underneath: let requests in between pages, so a scrape after a busy
      // minute (tens of thousands of events) does not hold the event loop for its whole catch-up.
      if (position < head) await new Promise((resolve) => setImmediate(resolve));
    }
  };

  return {
    async start() {
      position ??= await eventStore.headPosition();
    },
    catchUp(head) {
      // Serialised: two scrapes at once must not both count the same page. A failed read leaves
      // the position where it was, so the next scrape retries it.
      const counted = running.then(() => countUpTo(head));
      running = counted.catch(() => undefined);
      return counted;
    },
  };
}
