/**
 * @hyperhook/projector — builds the read models from the event log (catch-up subscription with a
 * checkpoint per generation), publishes change notices on `user.<uid>` and rebuilds into a fresh
 * generation (auditors' replay). Its checkpoint's name and the fold as of a time are in
 * @hyperhook/eventsourcing, where the api reads them too.
 */
export { startProjector, type Projector } from './startProjector.js';
export { replayAll } from './replayAll.js';
export { positionWaiters } from './positionWaiters.js';
