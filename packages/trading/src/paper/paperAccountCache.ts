import { paperStreamId, type PaperAccountState } from '@hyperhook/domain';
import { decodeStreamEvents } from '@hyperhook/eventsourcing';
import type { PerpAsset } from '@hyperhook/hyperliquid';
import type { EventStore } from '@hyperhook/store';
import { PaperRunLedger, type PaperRunView } from './paperRunLedger.js';

/** The paper runs a process has opened, each kept up with its stream. */
export interface PaperAccountCache {
  /** `strategyId`'s run `run` of `uid` as the paper stream holds it now, its fills booked on the universe `assets`. */
  read(account: { readonly uid: string; readonly strategyId: string; readonly run: PaperAccountState }, assets: readonly PerpAsset[]): Promise<PaperRunView>;
}

/** How many runs one process keeps; the least recently opened goes first, and is read whole again if opened later. */
export const PAPER_RUNS_KEPT = 1_000;

interface Entry {
  readonly ledger: PaperRunLedger;
  /** The last stream version applied to the ledger. */
  version: number;
  /** The read in progress: reads of one run take turns, so no event is applied twice. */
  turn: Promise<unknown>;
}

/**
 * Keeps each paper run a reader opens as a ledger (issue 44 §2), so a later open reads only the
 * events appended since, usually one alert's fills and snapshot, instead of the whole stream and
 * every fill again. The stream stays the authority: whoever appended, this process or another, the
 * next read folds it in. A run is its strategy's epoch at its balance: a reset starts another.
 */
export function createPaperAccountCache(eventStore: Pick<EventStore, 'readStream'>, options: { readonly maxRuns?: number } = {}): PaperAccountCache {
  const maxRuns = options.maxRuns ?? PAPER_RUNS_KEPT;
  const entries = new Map<string, Entry>();
  const catchUp = async (entry: Entry, uid: string, assets: readonly PerpAsset[]): Promise<PaperRunView> => {
    const recorded = await eventStore.readStream(paperStreamId(uid), { fromVersion: entry.version + 1 });
    for (const event of decodeStreamEvents(recorded)) entry.ledger.apply(event);
    entry.version = recorded.at(-1)?.streamVersion ?? entry.version;
    return entry.ledger.view(entry.version, assets);
  };
  return {
    read(account, assets) {
      const key = JSON.stringify([account.uid, account.strategyId, account.run.epoch, account.run.balance]);
      const entry = entries.get(key) ?? { ledger: new PaperRunLedger(account.strategyId, account.run), version: -1, turn: Promise.resolve() };
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxRuns) entries.delete(entries.keys().next().value as string);
      const read = entry.turn.then(() => catchUp(entry, account.uid, assets));
      // A failed read applied nothing (the batch is decoded whole before any of it is applied): the next read tries again.
      entry.turn = read.catch(() => undefined);
      return read;
    },
  };
}
