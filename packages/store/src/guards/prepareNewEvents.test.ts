import { describe, expect, it } from 'vitest';
import { prepareNewEvents } from './prepareNewEvents.js';

describe('prepareNewEvents', () => {
  it('given events without ids, when prepared, then each gets a UUIDv7 and the ids sort in the order they were made', () => {
    const batches = Array.from({ length: 50 }, () =>
      prepareNewEvents(
        'order-1',
        [
          { type: 'A', data: {} },
          { type: 'B', data: {} },
        ],
        'any',
      ),
    );
    const ids = batches.flat().map((event) => event.eventId);
    expect(ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(batches.flat().every((event) => !event.idProvided)).toBe(true);
  });

  it('given a caller-provided id, when prepared, then it is kept (lower-cased) and marked as provided', () => {
    const [event] = prepareNewEvents('order-1', [{ eventId: 'AAAAAAAA-BBBB-4CCC-8DDD-EEEEEEEEEEEE', type: 'A', data: {} }], 'any');
    expect(event).toMatchObject({ eventId: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', idProvided: true });
  });
});
