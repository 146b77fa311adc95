import type { EventStore, NewEvent } from '@hyperhook/store';

/**
 * The store with every append passed through `before` first, which may wait (a slow disk) or throw
 * (a failed write, nothing stored): for tests that watch or hold the executor's writes.
 */
export function interceptAppends(eventStore: EventStore, before: (streamId: string, events: readonly NewEvent[]) => void | Promise<void>): EventStore {
  return new Proxy(eventStore, {
    get(target, property) {
      if (property === 'append') {
        return async (streamId: string, events: readonly NewEvent[], options?: Parameters<EventStore['append']>[2]) => {
          await before(streamId, events);
          return target.append(streamId, events, options);
        };
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
