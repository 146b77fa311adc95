import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../ports/events.js';
import { someEvents, waitFor } from '../testing/helpers.js';
import { openSqliteStore } from './openSqliteStore.js';
import { tempStoreFile } from './testing/tempStoreFile.js';

// Two stores on one file share no notifier: the subscriber must notice the other's appends by polling.
describe('two connections on one file', () => {
  let file: string;
  let cleanup: () => void;
  beforeEach(() => ({ file, cleanup } = tempStoreFile()));
  afterEach(() => cleanup());

  it('given a subscriber on one connection, when another connection appends, then polling delivers the events', async () => {
    const reader = await openSqliteStore({ file, pollIntervalMs: 5 });
    const writer = await openSqliteStore({ file });
    const received: RecordedEvent[] = [];
    const subscription = reader.eventStore.subscribeToAll({ fromPosition: 0, onEvent: (e) => void received.push(e) });
    await subscription.caughtUp;
    for (let i = 0; i < 10; i++) await writer.eventStore.append(`s-${i % 3}`, someEvents(2));
    await waitFor(() => received.length === 20, 5000, 'events from the other connection');
    expect(received.map((e) => e.globalPosition)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    await subscription.stop();
    await writer.close();
    await reader.close();
  });

  it('given a generation switch on one connection, then the other reads the new generation at once', async () => {
    const api = await openSqliteStore({ file });
    const projector = await openSqliteStore({ file });
    await projector.readStore.upsert('logs', { id: 'a', version: 1, data: { g: 0 } });
    await projector.readStore.withGeneration(1).upsert('logs', { id: 'a', version: 1, data: { g: 1 } });
    expect((await api.readStore.get('logs', 'a'))?.data).toEqual({ g: 0 });
    await projector.readStore.activateGenerations({ logs: 1 });
    expect((await api.readStore.get('logs', 'a'))?.data).toEqual({ g: 1 });
    await api.close();
    await projector.close();
  });
});
