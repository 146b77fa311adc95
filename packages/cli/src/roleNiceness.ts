import type { ThreadRole } from './roleThreadProtocol.js';

/**
 * The nice value of each role's thread; the api's thread, which acknowledges webhooks, stays at the
 * process's own. Orders come next; the read models last, since nothing is held up while they lag a
 * few milliseconds, and on two cores the projector's batches otherwise take a core from an order or
 * an acknowledgement. Measured (bench/README.md, runs of 2026-11-27): with the projector at 19
 * rather than 10, and the store's WAL checkpointer at 19, the 60 s row at 1,000 alerts/s read ack p99
 * 59–128 ms against 132–298, and 200 orders/s wire p99 84–112 against 125–186, three runs each.
 */
export const ROLE_NICENESS: Readonly<Record<ThreadRole, number>> = { executor: 10, projector: 19 };
