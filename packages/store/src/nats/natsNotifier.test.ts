import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotifierMessage } from '../ports/Notifier.js';
import { openSqliteStore } from '../sqlite/openSqliteStore.js';
import { tempStoreFile } from '../sqlite/testing/tempStoreFile.js';
import { runNotifierContract } from '../testing/runNotifierContract.js';
import { waitFor } from '../testing/helpers.js';
import { createNatsNotifier, type NatsNotifier } from './createNatsNotifier.js';
import { startNatsServer, type TestNatsServer } from './testing/startNatsServer.js';

// A real nats-server on a free port for the whole file. A missing binary fails beforeAll (and so
// every test here) with an install hint: this tier never skips.
let server: TestNatsServer | undefined;
beforeAll(async () => {
  server = await startNatsServer();
});
afterAll(async () => {
  await server?.stop();
});

function serverUrl(): string {
  if (server === undefined) throw new Error('nats-server did not start (see the beforeAll error)');
  return server.url;
}

/** A notifier on its own connection under a per-test prefix, quiet about deliberate handler errors. */
async function notifierOn(prefix: string): Promise<NatsNotifier> {
  return createNatsNotifier({ servers: serverUrl(), name: 'hyperhook-test', subjectPrefix: prefix, onHandlerError: () => undefined });
}

let fixtures = 0;
runNotifierContract('nats', async () => {
  const notifier = await notifierOn(`contract${++fixtures}`);
  return { notifier, close: () => notifier.close() };
});

describe('NATS notifier across connections', () => {
  it('given two connections, when one publishes, then the other receives on exact channels and patterns, each user only their own channel', async () => {
    const [publisher, subscriber] = await Promise.all([notifierOn('cross1'), notifierOn('cross1')]);
    try {
      const got: string[] = [];
      subscriber.subscribe('user.u-1', (m, c) => void got.push(`u-1 ${c} ${JSON.stringify(m)}`));
      subscriber.subscribe('user.u-2', (_m, c) => void got.push(`u-2 ${c}`));
      subscriber.subscribe('user.*', (_m, c) => void got.push(`any-user ${c}`));
      subscriber.subscribe('store.>', (m, c) => void got.push(`store ${c} ${JSON.stringify(m)}`));
      await subscriber.flush(); // the server knows the subscriptions before the other connection publishes

      publisher.publish('user.u-1', { collection: 'webhookLogs', id: 's-1', version: 3 });
      publisher.publish('store.events.appended', { position: 7 });
      // A later message for the other user bounds the wait: one connection's messages arrive in the
      // order published, so a stray or repeated delivery of the first ones would come before it.
      publisher.publish('user.u-2', { collection: 'webhookLogs', id: 's-2', version: 1 });
      await waitFor(() => got.includes('u-2 user.u-2'), 2000, 'the later delivery');

      expect(got.sort()).toEqual([
        'any-user user.u-1',
        'any-user user.u-2',
        'store store.events.appended {"position":7}',
        'u-1 user.u-1 {"collection":"webhookLogs","id":"s-1","version":3}',
        'u-2 user.u-2',
      ]);
    } finally {
      await Promise.all([publisher.close(), subscriber.close()]);
    }
  });

  it('given different subject prefixes on one server, then their notices never mix', async () => {
    const [a, b] = await Promise.all([notifierOn('deployA'), notifierOn('deployB')]);
    try {
      const got: NotifierMessage[] = [];
      b.subscribe('>', (m) => void got.push(m));
      await b.flush();
      a.publish('user.u-1', 'for A only');
      await a.flush();
      // A later message of B's own bounds the wait: the server had A's message before it (the flush
      // above), so a leak to B's subscriber would reach it first.
      b.publish('user.u-1', 'for B');
      await waitFor(() => got.length > 0, 2000, 'the later delivery');
      expect(got).toEqual(['for B']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('given channels that are not valid subjects, then publish and subscribe throw a clear TypeError', async () => {
    const notifier = await notifierOn('invalid');
    try {
      expect(() => notifier.publish('user.a b', 1)).toThrow(/not a valid NATS subject/);
      expect(() => notifier.publish('user..x', 1)).toThrow(/not a valid NATS subject/);
      expect(() => notifier.publish('user.*', 1)).toThrow(/only subscriptions may use patterns/);
      expect(() => notifier.publish('', 1)).toThrow(/non-empty/);
      expect(() => notifier.subscribe('user.>.x', () => undefined)).toThrow(/'>' only as its last token/);
      expect(() => notifier.subscribe('user.\tx', () => undefined)).toThrow(/not a valid NATS subject/);
      await expect(createNatsNotifier({ servers: serverUrl(), subjectPrefix: 'a.*' })).rejects.toThrow(/prefix/);
    } finally {
      await notifier.close();
    }
  });

  it('given a closed notifier, then publish is a dropped notice, not an exception, and close is idempotent', async () => {
    const errors: string[] = [];
    const notifier = await createNatsNotifier({ servers: serverUrl(), subjectPrefix: 'closed', onError: (_e, context) => void errors.push(context) });
    await notifier.close();
    expect(() => notifier.publish('a.b', 1)).not.toThrow();
    await notifier.close();
    expect(errors).toEqual(['publish on "closed.a.b" failed']);
  });

  it("given two stores on one file sharing NATS, when one appends, then the other's subscription wakes without waiting for its poll", async () => {
    const { file, cleanup } = tempStoreFile();
    const [notifierA, notifierB] = await Promise.all([notifierOn('stores'), notifierOn('stores')]);
    // A poll interval far beyond the wait below: only the NATS notice can deliver in time.
    const storeA = await openSqliteStore({ file, notifier: notifierA, pollIntervalMs: 60_000 });
    const storeB = await openSqliteStore({ file, notifier: notifierB, pollIntervalMs: 60_000 });
    try {
      const seen: string[] = [];
      const subscription = storeB.eventStore.subscribeToAll({ fromPosition: 0, onEvent: (event) => void seen.push(event.type) });
      await subscription.caughtUp;
      await notifierB.flush();
      await storeA.eventStore.append('thing-1', [{ type: 'Happened', data: {} }]);
      await waitFor(() => seen.length === 1, 2_000, 'the other store to see the append');
      expect(seen).toEqual(['Happened']);
      await subscription.stop();
    } finally {
      await storeA.close();
      await storeB.close();
      await Promise.all([notifierA.close(), notifierB.close()]);
      cleanup();
    }
  });
});
