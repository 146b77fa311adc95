import { NotificationPreferencesSchema, type NotificationPreferences } from '@hyperhook/domain';
import type { LogCheckpoint } from '@hyperhook/eventsourcing';
import type { GlobalPosition, StorePorts } from '@hyperhook/store';
import { z } from 'zod';

/** Checkpoint name of the notice scheduler. */
export const NOTICE_SCHEDULER_CHECKPOINT = 'notice-scheduler';
/** Collection of the scheduler's one document, outside the projections (a replay leaves it be). */
export const NOTICE_SCHEDULER_COLLECTION = 'notice_scheduler';
const DOCUMENT_ID = 'preferences';

/**
 * The preferences of the users that have any, and the expiry of each API wallet the venue lists
 * one for, as the log said up to the checkpoint. A document without `keyExpiries` (written before
 * issue 42) is worth nothing: the scheduler reads the log again from the start, once.
 */
const ScheduledPreferencesSchema = z.object({
  preferences: z.record(z.string(), NotificationPreferencesSchema),
  keyExpiries: z.record(z.string(), z.string()),
});
type ScheduledPreferences = z.infer<typeof ScheduledPreferencesSchema>;

/** The scheduler's checkpoint, which also stores the preferences it read up to it. */
export interface SchedulerCheckpoint extends Required<LogCheckpoint> {
  /** The preferences changed: the next save writes them with the position. */
  changed(): void;
}

/**
 * Where the notice scheduler resumes (issue 40, point 2): the position in the Checkpoints port,
 * and beside it the users' preferences and API wallet expiries read up to there, a document of the read store written with
 * the position in one unit of work whenever they changed (a position moved alone only passes
 * events that changed none). Loading fills `preferences` and resumes after the position, instead
 * of reading the whole log again. A position without its document (a store migrated, whose read
 * models are rebuilt; the read store wiped), or with one written after it, is worth nothing: the
 * scheduler then reads the log from its first event, as at its first start, and the first save
 * writes the document anew. Reading from the first event again is always safe: every notice is
 * recorded on the user stream before it goes out, so none is repeated.
 */
export function schedulerCheckpoint(
  store: Pick<StorePorts, 'checkpoints' | 'readStore' | 'unitOfWork'>,
  preferences: Map<string, NotificationPreferences>,
  keyExpiries: Map<string, string>,
): SchedulerCheckpoint {
  let changed = false;
  const fromTheStart = async (): Promise<undefined> => {
    preferences.clear();
    keyExpiries.clear();
    changed = true;
    // A document that does not go with the checkpoint would refuse the new one (its version is higher).
    await store.readStore.delete(NOTICE_SCHEDULER_COLLECTION, DOCUMENT_ID);
    return undefined;
  };
  return {
    changed() {
      changed = true;
    },
    async load(): Promise<GlobalPosition | undefined> {
      const position = await store.checkpoints.get(NOTICE_SCHEDULER_CHECKPOINT);
      if (position === undefined) return fromTheStart();
      const document = await store.readStore.get(NOTICE_SCHEDULER_COLLECTION, DOCUMENT_ID);
      const stored = ScheduledPreferencesSchema.safeParse(document?.data);
      if (document === undefined || document.version > position || !stored.success) return fromTheStart();
      preferences.clear();
      for (const [uid, saved] of Object.entries(stored.data.preferences)) preferences.set(uid, saved);
      keyExpiries.clear();
      for (const [uid, validUntil] of Object.entries(stored.data.keyExpiries)) keyExpiries.set(uid, validUntil);
      changed = false;
      return position;
    },
    async save(position) {
      if (!changed) return store.checkpoints.set(NOTICE_SCHEDULER_CHECKPOINT, position);
      const data: ScheduledPreferences = { preferences: Object.fromEntries(preferences), keyExpiries: Object.fromEntries(keyExpiries) };
      await store.unitOfWork.applyBatch({
        changes: [{ kind: 'upsert', collection: NOTICE_SCHEDULER_COLLECTION, doc: { id: DOCUMENT_ID, version: position, data } }],
        checkpoint: { name: NOTICE_SCHEDULER_CHECKPOINT, position },
      });
      changed = false;
    },
  };
}
