import { randomUUID } from 'node:crypto';
import type { NewEvent, RecordedEvent } from '../ports/events.js';

/** `count` events of `type`, numbered in their data so order can be checked. */
export function someEvents(count: number, type = 'Something', from = 0): NewEvent[] {
  return Array.from({ length: count }, (_, i) => ({ type, data: { n: from + i } }));
}

/** Events with caller-chosen ids (for idempotency tests). */
export function eventsWithIds(count: number, type = 'Something'): NewEvent[] {
  return Array.from({ length: count }, (_, i) => ({ eventId: randomUUID(), type, data: { n: i } }));
}

/** Resolves once `predicate` holds, polling every few ms; rejects after `timeoutMs`. */
export async function waitFor(predicate: () => boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Global positions of events. */
export function positionsOf(events: readonly RecordedEvent[]): number[] {
  return events.map((event) => event.globalPosition);
}

/** True when the numbers strictly increase. */
export function isStrictlyIncreasing(values: readonly number[]): boolean {
  return values.every((value, i) => i === 0 || value > (values[i - 1] as number));
}
