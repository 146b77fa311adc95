import { RiskWatchBookSchema } from '@hyperhook/domain';
import type { LogCheckpoint } from '@hyperhook/eventsourcing';
import type { GlobalPosition, StorePorts } from '@hyperhook/store';
import type { RiskWatchMemory } from './riskWatchMemory.js';

/** Checkpoint name of the risk watch. */
export const RISK_WATCH_CHECKPOINT = 'risk-watch';
/** Collection of the risk watch's one document, outside the projections (a replay leaves it be). */
export const RISK_WATCH_COLLECTION = 'risk_watch';
/** The document's id. */
export const RISK_WATCH_DOCUMENT = 'book';

/** The risk watch's checkpoint, which also stores the book read up to it. */
export interface RiskWatchCheckpoint extends Required<LogCheckpoint> {
  /** The book changed: the next save writes it with the position. */
  changed(): void;
}

/**
 * Where the risk watch resumes, and with it who holds what (issue 42, point 2). Neither store can
 * say who holds positions on its own: the read store answers per user (the positions read model
 * included: a query cannot list other users' documents), and the event store lists no streams. So
 * the watch keeps its book (RiskWatchBookSchema: each key holder's network, each liquidatable
 * account's last positions) in one document of the read store, written with the position in one
 * unit of work whenever it changed, as the notice scheduler keeps its preferences
 * (schedulerCheckpoint.ts). A restart loads it and reads only the log after it, whatever the number
 * of users; only the first start reads the log from its first event (filtered to the few types it
 * needs). A position without its document (a migrated store, a wiped read store), or with one
 * written after it, is worth nothing: the watch reads from the first event again, which is always
 * safe, as every crossing is decided on the user stream before it is recorded.
 */
export function riskWatchCheckpoint(store: Pick<StorePorts, 'checkpoints' | 'readStore' | 'unitOfWork'>, memory: RiskWatchMemory): RiskWatchCheckpoint {
  let changed = false;
  const fromTheStart = async (): Promise<undefined> => {
    memory.load(null);
    changed = true;
    // A document that does not go with the checkpoint would refuse the new one (its version is higher).
    await store.readStore.delete(RISK_WATCH_COLLECTION, RISK_WATCH_DOCUMENT);
    return undefined;
  };
  return {
    changed() {
      changed = true;
    },
    async load(): Promise<GlobalPosition | undefined> {
      const position = await store.checkpoints.get(RISK_WATCH_CHECKPOINT);
      if (position === undefined) return fromTheStart();
      const document = await store.readStore.get(RISK_WATCH_COLLECTION, RISK_WATCH_DOCUMENT);
      const stored = RiskWatchBookSchema.safeParse(document?.data);
      if (document === undefined || document.version > position || !stored.success) return fromTheStart();
      memory.load(stored.data);
      changed = false;
      return position;
    },
    async save(position) {
      if (!changed) return store.checkpoints.set(RISK_WATCH_CHECKPOINT, position);
      changed = false;
      try {
        await store.unitOfWork.applyBatch({
          changes: [{ kind: 'upsert', collection: RISK_WATCH_COLLECTION, doc: { id: RISK_WATCH_DOCUMENT, version: position, data: memory.toBook() } }],
          checkpoint: { name: RISK_WATCH_CHECKPOINT, position },
        });
      } catch (error) {
        changed = true;
        throw error;
      }
    },
  };
}
