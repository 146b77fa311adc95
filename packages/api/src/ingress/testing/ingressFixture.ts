import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { userStreamId, type DomainEvent } from '@hyperhook/domain';
import { startProjector, type Projector } from '@hyperhook/projector';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { openSqliteStore, type SqliteStore } from '@hyperhook/store';
import Fastify, { type FastifyInstance } from 'fastify';
import { ingressPlugin, type IngressOptions, type IngressOutcome } from '../ingressPlugin.js';

const SEALED = { v: 1 as const, keyId: 'wk-1', iv: 'AAECAwQFBgcICQoL', ciphertext: 'c2VhbGVk', tag: 'AAECAwQFBgcICQoLDA0ODw==' };

/** Hex SHA-256, as webhook secrets are stored. */
export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** A rotation of `uid`'s webhook secret to `secret`. */
export function rotation(secret: string, at = '2026-01-01T00:00:00.000Z'): DomainEvent {
  return { type: 'WebhookSecretRotated', v: 1, data: { secretHash: sha256(secret), sealedSecret: SEALED, at } };
}

/** A real SQLite store + projector + a bare Fastify app with only the ingress plugin. */
export async function ingressFixture(options: Partial<Omit<IngressOptions, 'store'>> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'hyperhook-ingress-'));
  const store: SqliteStore = await openSqliteStore({ file: join(dir, 'store.db'), synchronous: 'NORMAL', pollIntervalMs: 10 });
  const projector: Projector = startProjector({ store });
  const outcomes: IngressOutcome[] = [];
  const app: FastifyInstance = Fastify({ logger: false });
  await app.register(ingressPlugin, { store, onOutcome: (o) => outcomes.push(o), ...options });
  await app.ready();

  /** Signs a user up with webhook secret `secret` and waits for the read models. */
  async function signUp(uid: string, secret: string, extra: DomainEvent[] = []): Promise<void> {
    const events: DomainEvent[] = [
      { type: 'UserSignedUp', v: 1, data: { uid, email: `${uid}@example.com`, passwordHash: null, at: '2026-01-01T00:00:00.000Z' } },
      rotation(secret),
      ...extra,
    ];
    await appendUser(uid, events);
  }

  /** Appends to a user's stream and waits for the read models. */
  async function appendUser(uid: string, events: DomainEvent[]): Promise<void> {
    const { lastPosition } = await store.eventStore.append(
      userStreamId(uid),
      events.map((e) => toNewEvent(e)),
    );
    await projector.waitFor(lastPosition);
  }

  /** Every event of the log, in order. */
  async function allEvents() {
    return store.eventStore.readAll({ maxCount: 10_000 });
  }

  /** A second gateway on its own connection to the same store file: another api process. */
  async function secondGateway(): Promise<FastifyInstance> {
    const other = await openSqliteStore({ file: join(dir, 'store.db'), synchronous: 'NORMAL', pollIntervalMs: 10 });
    const otherApp = Fastify({ logger: false });
    await otherApp.register(ingressPlugin, { store: other, ...options });
    await otherApp.ready();
    closers.push(async () => {
      await otherApp.close();
      await other.close();
    });
    return otherApp;
  }
  const closers: (() => Promise<void>)[] = [];

  return {
    app,
    store,
    secondGateway,
    projector,
    outcomes,
    signUp,
    appendUser,
    allEvents,
    async close() {
      for (const closer of closers) await closer();
      await app.close();
      await projector.stop();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
