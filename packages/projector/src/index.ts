/**
 * @hyperhook/projector — builds the read models from the event log (catch-up subscription with a
 * checkpoint per generation), publishes change notices on `user.<uid>`, rebuilds into a fresh
 * generation (auditors' replay) and folds the log as of a time.
 */
export { startProjector, DEFAULT_PROJECTOR_NAME, type Projector } from './startProjector.js';
export { replayAll } from './replayAll.js';
export { stateAsOf } from './stateAsOf.js';
export { userChannel } from './userChannel.js';
export { checkpointName } from './checkpointName.js';
export { activeGeneration } from './activeGeneration.js';
export { positionWaiters } from './positionWaiters.js';
