import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signalStreamId, userStreamId, type DomainEvent } from '@hyperhook/domain';
import { openSqliteStore, type SqliteStore } from '@hyperhook/store';
import { toNewEvent } from '../codec/eventCodec.js';

/** A real SQLite store in a fresh temp directory; `cleanup` closes it and removes the directory. */
export async function tempSqliteStore(options: { clock?: () => number } = {}): Promise<{ store: SqliteStore; file: string; cleanup: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'hyperhook-eventsourcing-'));
  const file = join(dir, 'store.db');
  const store = await openSqliteStore({ file, synchronous: 'NORMAL', pollIntervalMs: 10, ...(options.clock ? { clock: options.clock } : {}) });
  return {
    store,
    file,
    cleanup: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** ISO time `ms` after 2025-10-01T12:00:00Z. */
export function at(ms: number): string {
  return new Date(Date.UTC(2025, 9, 1, 12) + ms).toISOString();
}

/** A user stream right after sign-up, with webhook secret hash `secretHash`. */
export function signUpEvents(uid: string, secretHash: string = 'a'.repeat(64)): DomainEvent[] {
  return [
    { type: 'UserSignedUp', v: 1, data: { uid, email: `${uid}@example.com`, passwordHash: null, at: at(0) } },
    {
      type: 'WebhookSecretRotated',
      v: 1,
      data: { secretHash, sealedSecret: { v: 1, keyId: 'wk-1', iv: 'AAECAwQFBgcICQoL', ciphertext: 'c2VhbGVk', tag: 'AAECAwQFBgcICQoLDA0ODw==' }, at: at(0) },
    },
  ];
}

/** A well-formed buy alert received for `uid` as signal `signalId`. */
export function receivedEvent(uid: string, signalId: string, ms = 1): DomainEvent {
  return {
    type: 'SignalReceived',
    v: 1,
    data: {
      signalId,
      userId: uid,
      receivedAt: at(ms),
      rawBody: '{"symbol":"BTC","action":"buy"}',
      alert: { symbol: 'BTC', coin: 'BTC', action: 'buy', orderType: 'market' },
      rejection: null,
    },
  };
}

/** Appends domain events to a user's stream. */
export async function appendUser(store: SqliteStore, uid: string, events: DomainEvent[]) {
  return store.eventStore.append(
    userStreamId(uid),
    events.map((e) => toNewEvent(e)),
  );
}

/** Appends domain events to a signal's stream. */
export async function appendSignal(store: SqliteStore, signalId: string, events: DomainEvent[]) {
  return store.eventStore.append(
    signalStreamId(signalId),
    events.map((e) => toNewEvent(e)),
  );
}
