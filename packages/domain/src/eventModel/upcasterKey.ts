import type { RawEventEnvelope } from './envelope.js';

/**
 * Turns one stored event of version `v` into the same event at version `v + 1`. Events are
 * immutable in the log; when a schema changes, old versions are upcast on read instead of being
 * rewritten. Chains run v0 → v1 → v2 … until no upcaster is registered for the current version.
 */
export type Upcaster = (event: RawEventEnvelope) => RawEventEnvelope;

/** Upcasters by `${type}@${v}` (the version they read), see {@link upcasterKey}. */
export type UpcasterRegistry = Readonly<Record<string, Upcaster>>;

/** The registry key of the upcaster that reads `type` at version `v`. */
export function upcasterKey(type: string, v: number): string {
  return `${type}@${v}`;
}
