import {
  accountStreamId,
  closeEveryStrategy,
  countSignalFill,
  EMPTY_LEDGER,
  fillsRecorded,
  isFlat,
  ledgerFold,
  type LedgerState,
  type SignalFill,
} from '@hyperhook/domain';
import { createStreamFoldCache, type StreamFoldCache } from '@hyperhook/eventsourcing';
import type { EventStore } from '@hyperhook/store';

/** A fill of one of the executor's own orders, known before the venue's fills are recorded. */
export type ExpectedFill = SignalFill & { readonly closeAll?: boolean };

/** One trader's ledger as last computed: the stream's fold it was computed from, and the fills still expected. */
interface UserLedger {
  /** Undefined until computed: a fill expected before the stream was first read. */
  base: LedgerState | undefined;
  state: LedgerState;
  readonly expected: Map<string, ExpectedFill>;
}

const applyExpected = (state: LedgerState, fill: ExpectedFill): LedgerState =>
  fill.closeAll === true ? closeEveryStrategy(state, fill.coin, fill.px, fill.at) : countSignalFill(state, fill);

/**
 * Each trader's strategy ledger as the executor plans with it (issue 39, point 1): the fold of
 * `account-<uid>` (recorded fills and drifts), plus the executor's own orders whose fills the fill
 * recorder has not recorded yet, as their answers gave them. The venue's tracked position moves by
 * the same orders at the same moment (AccountStateCache.applyFill), so the two agree and a
 * difference between them is drift, not lag. An expected fill is dropped once its signal's fills
 * are recorded at least as large. The result is kept: it is computed again from the stream only
 * when the stream moved, and a new expected fill is applied to it alone, so an alert costs one
 * indexed read and no re-fold.
 */
export class StrategyLedgers {
  readonly #streams: StreamFoldCache<LedgerState>;
  readonly #users = new Map<string, UserLedger>();
  #ready = false;

  constructor(eventStore: EventStore) {
    this.#streams = createStreamFoldCache(eventStore, ledgerFold);
  }

  /** The ledger now: recorded events plus the fills still expected. */
  async get(uid: string): Promise<LedgerState> {
    const base = await this.#streams.get(accountStreamId(uid));
    const user = this.#users.get(uid);
    if (user === undefined) return base;
    if (user.base === base) return user.state;
    let state = base;
    for (const [signalId, fill] of user.expected) {
      if (fillsRecorded(state, signalId, fill.filled)) user.expected.delete(signalId);
      else state = applyExpected(state, fill);
    }
    if (user.expected.size === 0) {
      this.#users.delete(uid);
      return base;
    }
    user.base = base;
    user.state = state;
    return state;
  }

  /** Counts an order's fill before the venue's fills of it are recorded. */
  expect(uid: string, fill: ExpectedFill): void {
    if (isFlat(fill.filled)) return;
    const user = this.#users.get(uid);
    if (user === undefined) {
      // Computed from the stream at the next get; until then nothing is cached to extend.
      this.#users.set(uid, { base: undefined, state: EMPTY_LEDGER, expected: new Map([[fill.signalId, fill]]) });
      return;
    }
    user.expected.set(fill.signalId, fill);
    // Counting is idempotent per signal (the larger size counts), so applying it to the kept result is exact.
    if (user.base !== undefined) user.state = applyExpected(user.state, fill);
  }

  /** The fill expected of `signalId`, if it is. */
  expectedOf(uid: string, signalId: string): ExpectedFill | undefined {
    return this.#users.get(uid)?.expected.get(signalId);
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
