/**
 * @hyperhook/eventsourcing — the write side's kernel, shared by intake, the api's commands and
 * the executor: how domain events are stored and read back (upcast to their current version),
 * and the one read → decide → append loop with its version-conflict retries and write-behind;
 * on the read side, where the projector's checkpoint is and the log folded as of a time; and the
 * one way a process follows the log (follow/): checkpoint, batches, owner lookup, retry and resume.
 */
export { toNewEvent, decodeRecordedEvent, decodeStreamEvents, type DecodedEvent } from './codec/eventCodec.js';
export {
  loadStream,
  newStream,
  decideLocally,
  decideAndAppend,
  appendPendingInBackground,
  type DecidedStream,
  type AppendedStream,
  type StreamDecider,
} from './commands/decidedStream.js';
export { handleCommand, type CommandOutcome, type HandleCommandOptions } from './commands/handleCommand.js';
export { readStreamEvents, type StreamEvents } from './commands/readStreamEvents.js';
export { readUserStream } from './commands/readUserStream.js';
export { createStreamFoldCache, type StreamFoldCache } from './commands/streamFoldCache.js';
export { checkpointName } from './readModels/checkpointName.js';
export { activeGeneration } from './readModels/activeGeneration.js';
export { DEFAULT_PROJECTOR_NAME, projectorCheckpoint } from './readModels/projectorCheckpoint.js';
export { stateAsOf, type StateAsOf, type StateAsOfOptions } from './readModels/stateAsOf.js';
export { followLog, type BatchHandler, type BatchOutcome, type FollowLogOptions, type LogFollower } from './follow/followLog.js';
export { namedCheckpoint, type CheckpointSaving, type LogCheckpoint } from './follow/logCheckpoint.js';
export { OpenPositions, type OpenWork, type WorkPiece } from './follow/openPositions.js';
export { ResumeFromCheckpoint } from './follow/resumeFromCheckpoint.js';
export { ownerInRecord, ownerOf } from './follow/eventOwner.js';
export { followChain, type ChainFollowing } from './follow/followChain.js';
