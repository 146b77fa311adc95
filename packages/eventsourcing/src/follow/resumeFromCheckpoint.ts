/**
 * Thrown by a follower's handler to start again from the stored checkpoint at once, without
 * reporting an error or waiting: the projector when a replay switched the read models' generation
 * (and with it the checkpoint), the chain follower when another follower extended the chain first.
 */
export class ResumeFromCheckpoint extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ResumeFromCheckpoint';
  }
}
