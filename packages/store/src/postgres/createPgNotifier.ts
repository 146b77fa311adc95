import type pg from 'pg';
import { createInProcessNotifier } from '../notifier/createInProcessNotifier.js';
import type { Notifier, NotifierMessage } from '../ports/Notifier.js';
import { assertNonEmptyString } from '../guards/assertions.js';
import { openPgClient } from './openPgPool.js';
import { assertSchemaName } from './pgIdentifiers.js';

/** Options of createPgNotifier. */
export type PgNotifierOptions = {
  readonly url: string;
  /** The store's schema: notices travel on the channel `hyperhook_<schema>`, so stores in other schemas of the database never hear them. */
  readonly schema: string;
  /** Where handler failures go (default: console.error). */
  readonly onHandlerError?: (error: unknown, channel: string) => void;
  /** Where transport trouble goes (default: console.error): a refused NOTIFY, a lost listener. Notices are best-effort, so none of these throw. */
  readonly onError?: (error: unknown, context: string) => void;
  /** How long to wait before listening again after the listening session was lost, default 500 ms. */
  readonly reconnectDelayMs?: number;
};

/** A Notifier on PostgreSQL's LISTEN/NOTIFY, plus its lifecycle. */
export interface PgNotifier extends Notifier {
  /** Resolves once every publish made so far has been sent to the server. */
  flush(): Promise<void>;
  /** Stops listening and closes both sessions; calling it again is harmless. */
  close(): Promise<void>;
}

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7999;

/**
 * The Notifier of a PostgreSQL deployment without NATS: every process listens on one channel
 * per store and dispatches locally with the same subject matching as the other adapters.
 * NOTIFY is delivered at commit, in commit order, to every listening session (this process's
 * too), and is lost for a session that is not connected at that moment: at-most-once, like the
 * port says. Publishes go out one at a time on one session, so a process's notices keep their
 * order. Two sessions: a LISTENing session cannot be shared with queries of the pool.
 */
export async function createPgNotifier(options: PgNotifierOptions): Promise<PgNotifier> {
  assertSchemaName(options.schema);
  const pgChannel = `hyperhook_${options.schema}`;
  const onError = options.onError ?? ((error, context) => console.error(`postgres notifier: ${context}`, error));
  const local = createInProcessNotifier(options.onHandlerError ? { onHandlerError: options.onHandlerError } : {});
  const reconnectDelayMs = options.reconnectDelayMs ?? 500;
  let closed = false;
  let listener: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const receive = (notification: pg.Notification): void => {
    if (notification.channel !== pgChannel || notification.payload === undefined) return;
    let envelope: { c: string; m: NotifierMessage };
    try {
      envelope = JSON.parse(notification.payload) as { c: string; m: NotifierMessage };
    } catch (error) {
      onError(error, 'a notice that is not JSON was dropped');
      return;
    }
    if (typeof envelope.c === 'string' && envelope.c.length > 0) local.publish(envelope.c, envelope.m);
  };

  const listen = async (): Promise<void> => {
    const client = openPgClient({ url: options.url, schema: options.schema, applicationName: 'hyperhook-notices' });
    client.on('notification', receive);
    client.on('error', (error) => {
      onError(error, 'the listening session failed; listening again');
      if (listener === client) listener = undefined;
      client.end().catch(() => undefined);
      scheduleListen();
    });
    await client.connect();
    await client.query(`LISTEN ${pgChannel}`);
    if (closed) {
      await client.end();
      return;
    }
    listener = client;
  };

  const scheduleListen = (): void => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      listen().catch((error: unknown) => {
        onError(error, 'could not listen; trying again');
        scheduleListen();
      });
    }, reconnectDelayMs);
  };

  await listen();
  // The publishing session, opened again on the next publish after it was lost.
  let publisher: Promise<pg.Client> | undefined;
  const openPublisher = async (): Promise<pg.Client> => {
    const client = openPgClient({ url: options.url, schema: options.schema, applicationName: 'hyperhook-notices' });
    client.on('error', (error) => {
      onError(error, 'the publishing session failed');
      publisher = undefined;
      client.end().catch(() => undefined);
    });
    await client.connect();
    return client;
  };
  const publisherSession = (): Promise<pg.Client> => {
    const opening = (publisher ??= openPublisher());
    opening.catch(() => (publisher = undefined));
    return opening;
  };
  await publisherSession();
  let sending: Promise<unknown> = Promise.resolve();
  // Notices published while the previous NOTIFY was on its way go together in one statement: one
  // round trip and one transaction for a projector batch's hundreds, delivered in order.
  let queued: string[] = [];
  const sendQueued = async (): Promise<void> => {
    const payloads = queued;
    queued = [];
    if (payloads.length === 0) return;
    try {
      await (
        await publisherSession()
      ).query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) WITH ORDINALITY AS p(payload, n) ORDER BY n', [pgChannel, payloads]);
    } catch (error) {
      onError(error, `${payloads.length} notices were not sent`);
    }
  };

  return {
    publish(channel, message) {
      assertNonEmptyString(channel, 'channel');
      const payload = JSON.stringify({ c: channel, m: message });
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
        onError(new RangeError(`a notice of ${Buffer.byteLength(payload)} bytes is over PostgreSQL's limit`), `publish on "${channel}" dropped`);
        return;
      }
      if (closed) return;
      queued.push(payload);
      if (queued.length === 1) sending = sending.then(sendQueued);
    },
    subscribe(channelOrPattern, handler) {
      return local.subscribe(channelOrPattern, handler);
    },
    async flush() {
      await sending;
    },
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(retry);
      await sending;
      const publishing = await publisher?.catch(() => undefined);
      await Promise.all([listener?.end(), publishing?.end()].map((ending) => ending?.catch(() => undefined)));
      listener = undefined;
    },
  };
}
