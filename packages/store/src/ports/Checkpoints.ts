import type { GlobalPosition } from './events.js';

/**
 * Named positions in the global log: how far each consumer (projection, executor) has got.
 * Consumers resubscribe from their checkpoint after a restart (at-least-once delivery).
 */
export interface Checkpoints {
  /** The stored position, or undefined when the consumer never stored one. */
  get(name: string): Promise<GlobalPosition | undefined>;
  /** Stores a position (unconditionally: resetting to 0 for a replay is legitimate). */
  set(name: string, position: GlobalPosition): Promise<void>;
}
