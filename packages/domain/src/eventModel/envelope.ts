import { z } from 'zod';

/**
 * Builds the schema of one event: the envelope `{ type, v, data }` with a literal type, a literal
 * schema version and the data schema. `v` starts at 1; an older `v` is upcast before it is validated.
 */
export function eventSchema<const T extends string, const V extends number, D extends z.ZodType>(type: T, v: V, data: D) {
  return z.object({ type: z.literal(type), v: z.literal(v), data });
}

/** Any event envelope before validation: what a store hands back. */
export interface RawEventEnvelope {
  readonly type: string;
  readonly v: number;
  readonly data: unknown;
}
