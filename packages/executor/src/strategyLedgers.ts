import { accountStreamId, closeEveryStrategy, countSignalFill, fillsRecorded, isFlat, ledgerFold, type LedgerState, type SignalFill } from '@hyperhook/domain';
import { createStreamFoldCache, type StreamFoldCache } from '@hyperhook/eventsourcing';
import type { EventStore } from '@hyperhook/store';

/** A fill of one of the executor's own orders, known before the venue's fills are recorded. */
export type ExpectedFill = SignalFill & { readonly closeAll?: boolean };

/**
 * Each trader's strategy ledger as the executor plans with it (issue 39, point 1): the fold of
 * `account-<uid>` (recorded fills and drifts), plus the executor's own orders whose fills the fill
 * recorder has not recorded yet, as their answers gave them. The venue's tracked position moves by
 * the same orders at the same moment (AccountStateCache.applyFill), so the two agree and a
 * difference between them is drift, not lag. An expected fill is dropped once its signal's fills
 * are recorded at least as large.
 */
export class StrategyLedgers {
  readonly #streams: StreamFoldCache<LedgerState>;
  readonly #expected = new Map<string, Map<string, ExpectedFill>>();
  #ready = false;

  constructor(eventStore: EventStore) {
    this.#streams = createStreamFoldCache(eventStore, ledgerFold);
  }

  /** The ledger now: recorded events plus the fills still expected. */
  async get(uid: string): Promise<LedgerState> {
    let state = await this.#streams.get(accountStreamId(uid));
    const expected = this.#expected.get(uid);
    if (expected === undefined) return state;
    for (const [signalId, fill] of expected) {
      if (fillsRecorded(state, signalId, fill.filled)) {
        expected.delete(signalId);
        continue;
      }
      state = fill.closeAll === true ? closeEveryStrategy(state, fill.coin, fill.px, fill.at) : countSignalFill(state, fill);
    }
    if (expected.size === 0) this.#expected.delete(uid);
    return state;
  }

  /** Counts an order's fill before the venue's fills of it are recorded. */
  expect(uid: string, fill: ExpectedFill): void {
    if (isFlat(fill.filled)) return;
    let expected = this.#expected.get(uid);
    if (expected === undefined) this.#expected.set(uid, (expected = new Map()));
    expected.set(fill.signalId, fill);
  }

  /** The fill expected of `signalId`, if it is. */
  expectedOf(uid: string, signalId: string): ExpectedFill | undefined {
    return this.#expected.get(uid)?.get(signalId);
  }

  /**
   * Whether every filled order in the log before this process started is known here: until the
   * fill recorder has read them all, a position the venue shows and the ledger does not may be an
   * order of ours, and must not be judged drift.
   */
  get ready(): boolean {
    return this.#ready;
  }

  markReady(): void {
    this.#ready = true;
  }
}
