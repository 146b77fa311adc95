import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { createInProcessNotifier } from '../notifier/createInProcessNotifier.js';
import { runEventStoreContract, type EventStorePorts, type Fixture } from '../testing/index.js';
import { openKurrentEventStore } from './openKurrentEventStore.js';

// The EventStore contract against a real KurrentDB (set KURRENTDB_URL). KurrentDB has no
// databases: each test gets a fresh stream namespace, so it sees an empty log.

const url = process.env.KURRENTDB_URL;

async function kurrentStore(): Promise<Fixture<EventStorePorts>> {
  const streamNamespace = `t${randomUUID().replaceAll('-', '')}`;
  const notifier = createInProcessNotifier();
  const open = async () => ({ ...openKurrentEventStore({ url: url as string, notifier, streamNamespace, pollIntervalMs: 20 }), notifier });
  return { ...(await open()), reopen: open };
}

if (url) {
  runEventStoreContract('kurrentdb', kurrentStore, { contiguousPositions: false, durable: true, announcesAppends: true });
} else {
  // The project counts no skipped tests: say plainly that the suite did not run, and why.
  it('KurrentDB adapter suite: not run — KURRENTDB_URL is not set (e.g. kurrentdb://localhost:2113?tls=false)', () => {
    expect(process.env.KURRENTDB_URL).toBeUndefined();
  });
}
