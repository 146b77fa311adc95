import {
  foldActivityFill,
  foldedActivity,
  startFillActivity,
  type DomainEvent,
  type PaperAccountState,
  type PaperBreakEven,
  type PaperExits,
  type StrategyActivity,
  type StrategyHolding,
} from '@hyperhook/domain';
import type { PerpAsset } from '@hyperhook/hyperliquid';
import { PaperVenue, type PaperBooks, type RecordedPaperFill, type RecordedPaperFunding, type RecordedPaperOrder } from './paperVenue.js';

/** What the log holds of one paper strategy's current run: enough to open its account again. */
export interface PaperAccountRecord {
  /** The paper stream's version (every paper strategy of the user shares it): the next append expects it. */
  readonly version: number;
  readonly fills: readonly RecordedPaperFill[];
  /** The leverage each coin last traded at, from the run's latest snapshot. */
  readonly leverage: Readonly<Record<string, number>>;
  /** The funding payments of the run, oldest first: booked again on restore, and the hours already paid. */
  readonly fundings: readonly RecordedPaperFunding[];
  /** The orders live on the account, from the run's latest snapshot: placed again on restore. */
  readonly orders: readonly RecordedPaperOrder[];
  /** The break-even moves armed on its positions, from the run's latest snapshot (issue 41 §3): what the paper keeper moves. */
  readonly breakEvens: readonly PaperBreakEven[];
  /** The protection of its positions kept the live way (issue 41 §3: take-profits, trail, update), from the run's latest snapshot. */
  readonly exits: readonly PaperExits[];
}

/** What the entry guards count of a paper run (issue 42): its activity and the positions its fills left open. */
export interface PaperRunActivity {
  readonly activity: StrategyActivity;
  readonly held: Readonly<Record<string, StrategyHolding>>;
}

/** A paper run as its ledger has it at one version of the paper stream. */
export interface PaperRunView {
  readonly record: PaperAccountRecord;
  /** What its fills booked, for PaperVenue.restoreBooks. */
  readonly books: PaperBooks;
  readonly activity: PaperRunActivity;
}

const LEDGER_ACCOUNT = 'ledger';

/**
 * One paper strategy's run (`strategyId` at `run.epoch`) kept up with its stream event by event
 * (issue 44 §2): its fills, funding, latest snapshot, the engine's books of its fills and the
 * guards' count of them, each advanced by the new events only. Opening the account then costs the
 * same at its 10,000th fill as at its first. The log stays the truth: a ledger is only ever fed
 * what the stream holds, in order, and one fed the whole stream equals one fed it in parts.
 */
export class PaperRunLedger {
  readonly #strategyId: string;
  readonly #run: PaperAccountState;
  readonly #fills: RecordedPaperFill[] = [];
  readonly #fundings: RecordedPaperFunding[] = [];
  #leverage: Readonly<Record<string, number>> = {};
  #orders: readonly RecordedPaperOrder[] = [];
  #breakEvens: readonly PaperBreakEven[] = [];
  #exits: readonly PaperExits[] = [];
  readonly #activity = startFillActivity();
  /** The engine's books of the fills, on the universe they were booked on; fills past `booked` are not booked yet. */
  #venue: PaperVenue | undefined;
  #universe: readonly PerpAsset[] | undefined;
  #booked = 0;

  constructor(strategyId: string, run: PaperAccountState) {
    this.#strategyId = strategyId;
    this.#run = run;
  }

  /** Takes in the stream's next event: what is of this run is kept, the rest passed over (other strategies, earlier runs). */
  apply(event: DomainEvent): void {
    if (event.type !== 'PaperFillRecorded' && event.type !== 'PaperAccountSnapshotTaken' && event.type !== 'PaperFundingPaid') return;
    if (event.data.strategyId !== this.#strategyId || event.data.epoch !== this.#run.epoch) return;
    if (event.type === 'PaperFillRecorded') {
      const { coin, px, sz, side, time, signalId, fee } = event.data;
      const fill: RecordedPaperFill = { coin, px, sz, side, time, fee, ...(signalId === undefined ? {} : { signalId }) };
      this.#fills.push(fill);
      foldActivityFill(this.#activity, fill);
    } else if (event.type === 'PaperFundingPaid') this.#fundings.push({ coin: event.data.coin, hour: event.data.hour, usdc: event.data.usdc });
    else {
      this.#leverage = Object.fromEntries(event.data.positions.flatMap((p) => (p.leverage === undefined ? [] : [[p.coin, p.leverage]])));
      this.#orders = event.data.orders ?? [];
      this.#breakEvens = event.data.breakEvens ?? [];
      this.#exits = event.data.exits ?? [];
    }
  }

  /** The run at stream version `version` (the last event applied), its fills booked on the universe `assets`. */
  view(version: number, assets: readonly PerpAsset[]): PaperRunView {
    return {
      record: {
        version,
        fills: this.#fills.slice(),
        leverage: this.#leverage,
        fundings: this.#fundings.slice(),
        orders: this.#orders,
        breakEvens: this.#breakEvens,
        exits: this.#exits,
      },
      books: this.#books(assets),
      activity: foldedActivity(this.#activity),
    };
  }

  /** Books the fills not booked yet; all of them again on a new ledger venue when the universe changed (a listing). */
  #books(assets: readonly PerpAsset[]): PaperBooks {
    if (this.#venue === undefined || (assets !== this.#universe && !sameUniverse(assets, this.#universe ?? []))) {
      this.#venue = new PaperVenue({ assets, mids: {}, now: () => 0 });
      this.#venue.restore(LEDGER_ACCOUNT, this.#run.balance, []);
      this.#booked = 0;
    }
    this.#universe = assets;
    if (this.#booked < this.#fills.length) {
      try {
        this.#venue.bookFills(LEDGER_ACCOUNT, this.#fills.slice(this.#booked));
      } catch (error) {
        // Part of them may be booked: start the books over at the next view rather than book any twice.
        this.#venue = undefined;
        throw error;
      }
      this.#booked = this.#fills.length;
    }
    return this.#venue.books(LEDGER_ACCOUNT);
  }
}

/** Whether two universes list the same assets with the same ids and size decimals: what booking a fill reads of them. */
function sameUniverse(a: readonly PerpAsset[], b: readonly PerpAsset[]): boolean {
  return a.length === b.length && a.every((asset, i) => asset.coin === b[i]?.coin && asset.assetId === b[i]?.assetId && asset.szDecimals === b[i]?.szDecimals);
}
