/**
 * @hyperhook/projector — builds the read models from the event log (catch-up subscription with a
 * checkpoint per generation), publishes change notices on `user.<uid>`, rebuilds into a fresh
 * generation (auditors' replay) and folds the log as of a time.
 */
export { startProjector, DEFAULT_PROJECTOR_NAME, type Projector, type ProjectorOptions } from './startProjector.js';
export { replayAll, type ReplayOptions, type ReplayResult } from './replayAll.js';
export { stateAsOf, type StateAsOf, type StateAsOfOptions } from './stateAsOf.js';
export { projectBatch, type ProjectedBatch, type SkipReporter } from './projectBatch.js';
export { clientViewOf, PUSHED_COLLECTIONS, type ReadModelNotice } from './readModelViews.js';
export { userChannel } from './userChannel.js';
export { checkpointName } from './checkpointName.js';
export { activeGeneration } from './activeGeneration.js';
