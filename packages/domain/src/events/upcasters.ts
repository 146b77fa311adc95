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

/**
 * The production registry. Empty while every event is at its first version; when a schema
 * changes, add `[upcasterKey('Type', 1)]: (e) => ({ ...e, v: 2, data: … })` here with a test.
 */
export const upcasters: UpcasterRegistry = Object.freeze({});

/** Upcasting went wrong: an upcaster did not move the version forward by exactly one. */
export class UpcastError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UpcastError';
  }
}

/** Safety bound on chain length: a registry bug must fail loudly rather than loop. */
const MAX_UPCAST_STEPS = 100;

/** Applies the registry's upcasters to `event` until none applies; the result may still be invalid. */
export function upcast(event: RawEventEnvelope, registry: UpcasterRegistry = upcasters): RawEventEnvelope {
  let current = event;
  for (let step = 0; step < MAX_UPCAST_STEPS; step++) {
    const upcaster = Object.hasOwn(registry, upcasterKey(current.type, current.v)) ? registry[upcasterKey(current.type, current.v)] : undefined;
    if (!upcaster) return current;
    const next = upcaster(current);
    if (next.v !== current.v + 1) {
      throw new UpcastError(`Upcaster ${upcasterKey(current.type, current.v)} produced v${next.v}, expected v${current.v + 1}`);
    }
    current = next;
  }
  throw new UpcastError(`More than ${MAX_UPCAST_STEPS} upcasting steps for ${event.type}`);
}
