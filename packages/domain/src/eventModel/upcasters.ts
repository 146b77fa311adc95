import { accountUpcasters } from '../account/accountUpcasters.js';
import type { RawEventEnvelope } from './envelope.js';
import { upcasterKey, type UpcasterRegistry } from './upcasterKey.js';

export { upcasterKey, type Upcaster, type UpcasterRegistry } from './upcasterKey.js';

/** The production registry: every event type whose schema changed, with a test beside each upcaster. */
export const upcasters: UpcasterRegistry = Object.freeze({ ...accountUpcasters });

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
