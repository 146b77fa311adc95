import type { Checkpoints, GlobalPosition } from '@hyperhook/store';

/** Where a follower of the log resumes, and how it stores how far it got. */
export interface LogCheckpoint {
  /** The stored position, undefined before the first save; read at every start and restart. */
  load(): Promise<GlobalPosition | undefined>;
  /**
   * Stores a position. Absent when the handler stores it itself, with its work in one commit (the
   * projector's unit of work, the chain's links): then the follower writes nothing.
   */
  save?(position: GlobalPosition): Promise<void>;
}

/**
 * When a follower writes its checkpoint (each write is a commit on the store's one writer, which
 * orders share, so none is made per batch for nothing):
 * - `behind`: a change starts one timer of `intervalMs`, and the write when it fires covers every
 *   change made meanwhile (the executor, the fill recorder);
 * - `afterBatch`: at once after a batch whose handler acted (a notice sent: a restart must not send
 *   it again) and whenever open work finishes; after a batch that did nothing, only when the last
 *   write is `idleMs` old (on `now`, monotonic milliseconds); what is left is written on stop.
 * Either way writes run one at a time and never move the checkpoint back.
 */
export type CheckpointSaving =
  { readonly kind: 'behind'; readonly intervalMs: number } | { readonly kind: 'afterBatch'; readonly idleMs: number; readonly now?: () => number };

/** The checkpoint stored in the Checkpoints port under `name`. */
export function namedCheckpoint(checkpoints: Checkpoints, name: string): Required<LogCheckpoint> {
  return {
    load: () => checkpoints.get(name),
    save: (position) => checkpoints.set(name, position),
  };
}
