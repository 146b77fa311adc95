import type { NotificationDelivery } from '@hyperhook/domain';
import type { ReadStore } from '@hyperhook/store';

/** Collection of the delivery history: one document per user, outside the projections (a replay leaves it be). */
export const DELIVERIES_COLLECTION = 'notification_deliveries';
/** Attempts kept per user, newest first. */
export const MAX_DELIVERIES_PER_USER = 50;

/**
 * One attempt to deliver a notice to a channel, as `GET /api/notifications/deliveries` shows it,
 * and the id of the recorded event the notice follows from (absent for tests and scheduled
 * notices): a replay skips what was done with.
 */
export type DeliveryAttempt = Readonly<NotificationDelivery & { source?: string }>;

type DeliveriesDoc = { readonly attempts: readonly DeliveryAttempt[] };

/**
 * The recent delivery attempts of each user, kept in the read store so `GET
 * /api/notifications/deliveries` still shows them after a restart. Not events: attempts are
 * operational records of a side effect, many per notice; on the user stream they would grow
 * every fold of every command of the user, and they are not facts any rule decides on. The
 * document is bounded (the last 50) and not part of any projection, so a replay leaves it alone.
 * Writes of one process are chained per user, so none is lost to a race.
 */
export function createDeliveryLog(readStore: ReadStore) {
  const chains = new Map<string, Promise<unknown>>();
  const docId = (uid: string) => `deliveries-${uid}`;

  async function append(uid: string, attempt: DeliveryAttempt): Promise<void> {
    const current = await readStore.get<DeliveriesDoc>(DELIVERIES_COLLECTION, docId(uid));
    const attempts = [attempt, ...(current?.data.attempts ?? [])].slice(0, MAX_DELIVERIES_PER_USER);
    await readStore.upsert(DELIVERIES_COLLECTION, { id: docId(uid), userId: uid, version: (current?.version ?? 0) + 1, data: { attempts } });
  }

  return {
    /** Records an attempt; resolves once stored, never rejects (a lost record must not stop deliveries). */
    record(uid: string, attempt: DeliveryAttempt): Promise<void> {
      const next = (chains.get(uid) ?? Promise.resolve()).then(() => append(uid, attempt)).catch(() => undefined);
      chains.set(uid, next);
      void next.finally(() => {
        if (chains.get(uid) === next) chains.delete(uid);
      });
      return next;
    },
    /** The user's recent attempts, newest first. */
    async recent(uid: string): Promise<readonly DeliveryAttempt[]> {
      const doc = await readStore.get<DeliveriesDoc>(DELIVERIES_COLLECTION, docId(uid));
      return doc?.userId === uid ? doc.data.attempts : [];
    },
  };
}

/** The delivery history of every user. */
export type DeliveryLog = ReturnType<typeof createDeliveryLog>;
