import { z } from 'zod';
import { err, ok, type Result } from '../shared/result.js';
import { DomainEventSchema, type DomainEvent } from './domainEvent.js';
import { upcast, upcasters, type UpcasterRegistry } from './upcasters.js';

/** A stored event that cannot be read as a current domain event (unknown type or version, invalid data). */
export class EventParseError extends Error {
  /** The zod issues, when validation (rather than the envelope) failed. */
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(message: string, issues: readonly z.core.$ZodIssue[] = []) {
    super(message);
    this.name = 'EventParseError';
    this.issues = issues;
  }
}

const RawEnvelopeSchema = z.object({ type: z.string().min(1), v: z.number().int().min(0), data: z.unknown() });

/**
 * Reads a stored event: checks the envelope, upcasts old versions to the current one
 * (see {@link upcasters}) and validates the result. Never throws; see {@link parseEvent}.
 */
export function safeParseEvent(raw: unknown, registry: UpcasterRegistry = upcasters): Result<DomainEvent, EventParseError> {
  const envelope = RawEnvelopeSchema.safeParse(raw);
  if (!envelope.success) return err(new EventParseError('Not an event envelope {type, v, data}', envelope.error.issues));
  let upcasted;
  try {
    upcasted = upcast(envelope.data, registry);
  } catch (e) {
    return err(new EventParseError(e instanceof Error ? e.message : String(e)));
  }
  const parsed = DomainEventSchema.safeParse(upcasted);
  if (!parsed.success) {
    return err(new EventParseError(`Invalid ${upcasted.type} v${upcasted.v}: ${z.prettifyError(parsed.error)}`, parsed.error.issues));
  }
  return ok(parsed.data);
}

/** Like {@link safeParseEvent}, but throws an {@link EventParseError}: for readers that must stop on a corrupt log. */
export function parseEvent(raw: unknown, registry: UpcasterRegistry = upcasters): DomainEvent {
  const result = safeParseEvent(raw, registry);
  if (!result.ok) throw result.error;
  return result.value;
}
