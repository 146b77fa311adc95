/**
 * Hourly funding of the live simulator (reference rule 17, docs/research/hyperliquid-rules.md):
 * on every funding hour of its clock, each account holding a position pays or receives
 * size × oracle price × the coin's hourly rate (the rate metaAndAssetCtxs lists and
 * /control/funding sets), booked to its cash by venue-engine's payFunding, and kept for
 * `userFunding`. Hours are settled when the simulator next acts (a request, a price tick, a
 * control), before that act: nothing changes a position between requests, so each hour is paid
 * on the position held at it, however far an injected clock jumped.
 */
import { fundingHourOf, FUNDING_INTERVAL_MS, payFunding, type SimFunding, type SimState } from '@hyperhook/venue-engine';

/** The hash `userFunding` gives a payment: funding is no transaction of the user's, the venue lists the zero hash. */
export const FUNDING_HASH = `0x${'0'.repeat(64)}`;

/** Most hours settled in one go: a clock jumped further pays only the latest ones (a simulator, not a ledger of years). */
const MAX_HOURS_AT_ONCE = 24 * 366;

/** Every account's funding payments, oldest first, and the last hour settled. */
export class FundingSettlement {
  #settledHour: number;
  readonly #paid = new Map<string, SimFunding[]>();

  /** Starts at the hour `now` is in: that hour was not held by anyone yet, the next one is the first paid. */
  constructor(now: number) {
    this.#settledHour = fundingHourOf(now);
  }

  /** Settles every funding hour passed since the last one settled, for every account with a position then. */
  settleDue(state: SimState): void {
    const due = fundingHourOf(state.now());
    if (due <= this.#settledHour) return;
    const first = Math.max(this.#settledHour + FUNDING_INTERVAL_MS, due - (MAX_HOURS_AT_ONCE - 1) * FUNDING_INTERVAL_MS);
    for (let hour = first; hour <= due; hour += FUNDING_INTERVAL_MS) this.#settle(state, hour);
    this.#settledHour = due;
  }

  /** The payments of `user` (lower case) with `startTime <= time <= endTime`, oldest first. */
  paymentsOf(user: string, startTime: number, endTime: number | null): readonly SimFunding[] {
    return (this.#paid.get(user) ?? []).filter((paid) => paid.time >= startTime && (endTime === null || paid.time <= endTime));
  }

  #settle(state: SimState, hour: number): void {
    for (const acct of state.accounts.values()) {
      for (const [assetId, position] of acct.positions) {
        if (position.lots === 0) continue;
        const coin = state.asset(assetId)?.name;
        if (coin === undefined) continue;
        const paid = payFunding(state, acct, { time: hour, coin, fundingRate: state.fundingRate(coin), oraclePx: state.marks.get(coin) });
        if (paid === null) continue;
        const list = this.#paid.get(acct.address) ?? [];
        list.push(paid);
        this.#paid.set(acct.address, list);
      }
    }
  }
}
