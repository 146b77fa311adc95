import { streamEntityId, watchedAfterSnapshot, type RiskWatchBook, type WatchedAccount } from '@hyperhook/domain';
import { decodeRecordedEvent } from '@hyperhook/eventsourcing';
import type { RecordedEvent } from '@hyperhook/store';

/** The events that change the book: a snapshot on `account-<uid>`, keys saved or deleted on `user-<uid>`. */
export const BOOK_EVENTS = ['PositionsSnapshotTaken', 'CredentialsSaved', 'CredentialsDeleted'] as const;

/**
 * Who holds a position that can be liquidated, and on which network, as the log last said (the
 * risk watch's memory, RiskWatchBookSchema). Kept by user in maps, as every snapshot changes one
 * user's entry among thousands.
 */
export interface RiskWatchMemory {
  /** Applies one followed event; true when the book changed. */
  apply(recorded: RecordedEvent): boolean;
  /** The accounts holding a liquidatable position, by uid. */
  accounts(): ReadonlyMap<string, WatchedAccount>;
  /** Replaces the book with a stored one (or empties it). */
  load(book: RiskWatchBook | null): void;
  toBook(): RiskWatchBook;
}

/** A fresh, empty book. */
export function createRiskWatchMemory(): RiskWatchMemory {
  const networks = new Map<string, boolean>();
  const accounts = new Map<string, WatchedAccount>();
  return {
    apply(recorded) {
      const decoded = decodeRecordedEvent(recorded);
      if (decoded.kind !== 'domain') return false;
      const { event, meta } = decoded.record;
      if (event.type === 'PositionsSnapshotTaken') {
        const uid = streamEntityId(meta, 'account');
        const isTestnet = uid === null ? undefined : networks.get(uid);
        // Without keys no snapshot can follow to refresh it: such an account is not watched.
        if (uid === null || isTestnet === undefined) return false;
        const before = accounts.get(uid);
        const after = watchedAfterSnapshot(before, event.data, isTestnet);
        if (after === before) return false;
        if (after === undefined) accounts.delete(uid);
        else accounts.set(uid, after);
        return true;
      }
      const uid = streamEntityId(meta, 'user');
      if (uid === null) return false;
      if (event.type === 'CredentialsSaved') {
        const { isTestnet } = event.data;
        if (networks.get(uid) === isTestnet) return false;
        networks.set(uid, isTestnet);
        // Keys for the other network: the positions kept are the other network's; the key save's own snapshot follows.
        if (accounts.get(uid)?.isTestnet !== isTestnet) accounts.delete(uid);
        return true;
      }
      if (event.type === 'CredentialsDeleted') {
        // No more snapshots will say whether the positions are still open: they are no longer weighed.
        const had = networks.delete(uid);
        return accounts.delete(uid) || had;
      }
      return false;
    },
    accounts: () => accounts,
    load(book) {
      networks.clear();
      accounts.clear();
      for (const [uid, isTestnet] of Object.entries(book?.networks ?? {})) networks.set(uid, isTestnet);
      for (const [uid, account] of Object.entries(book?.accounts ?? {})) accounts.set(uid, account);
    },
    toBook: () => ({ networks: Object.fromEntries(networks), accounts: Object.fromEntries(accounts) }),
  };
}
