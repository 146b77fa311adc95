import { Dec } from '../exchange/decimal.js';
import { toWireDecimal } from '../exchange/toWireDecimal.js';
import { truncateSize } from '../exchange/truncateSize.js';
import type { PositionDriftReconciled } from './ledgerEvents.js';
import { MAIN_ACCOUNT } from '../eventModel/strategyIds.js';
import { fillsRecorded, holdersOf, outsideOf, type LedgerState } from './strategyLedger.js';

/** What the venue holds in a coin when the ledger is compared with it. */
export interface VenueReading {
  readonly coin: string;
  /** The account's signed position at the venue. */
  readonly szi: number;
  readonly szDecimals: number;
  /** Price the strategies' drifted part is taken off at (the mid): the venue does not say at what price it went. */
  readonly px: string;
  readonly at: string;
  /** The venue account read: `main`, or a sub-account's lower-case address. */
  readonly account: string;
  /** Whether a strategy trades on that account: only those share its position. */
  readonly trades: (strategyId: string) => boolean;
}

/**
 * The drift rule (issue 39, point 1): when the venue's position in a coin differs from the sum of
 * the strategies' positions and the outside part, the difference is attributed so that they add
 * up to the venue again. A manual trade, a liquidation, or a fill while hyperhook was down cause it.
 * - The venue is flat: every strategy and the outside part are closed (a liquidation, a manual close).
 * - The venue holds less on the same side: every holder's share shrinks in the same proportion,
 *   each strategy's rounded down to the coin's size step, the rounding left with the outside part
 *   (a partial liquidation, a manual reduce).
 * - The venue holds the other side: the strategies are closed and what the venue holds is outside
 *   hyperhook (a manual close and reversal).
 * - The venue holds more: the strategies keep theirs, the outside part takes the difference (a
 *   manual trade, a position opened before hyperhook).
 * Returns the event that records it, or null when the ledger already matches the venue.
 */
export function driftOf(state: LedgerState, venue: VenueReading): PositionDriftReconciled | null {
  const { coin } = venue;
  const held = Object.fromEntries(Object.entries(holdersOf(state, coin)).filter(([strategyId]) => venue.trades(strategyId)));
  const strategiesSum = Object.values(held).reduce((sum, szi) => sum.plus(szi), new Dec(0));
  const outside = new Dec(outsideOf(state, coin, venue.account));
  const total = strategiesSum.plus(outside);
  const actual = new Dec(truncateSize(Math.abs(venue.szi), venue.szDecimals)).mul(Math.sign(venue.szi));
  if (actual.eq(total)) return null;

  const text = (d: InstanceType<typeof Dec>) => toWireDecimal(d.toFixed());
  let to: Record<string, InstanceType<typeof Dec>>;
  let rule: PositionDriftReconciled['data']['rule'];
  if (actual.isZero()) {
    rule = 'flattened';
    to = Object.fromEntries(Object.keys(held).map((id) => [id, new Dec(0)]));
  } else if (!total.isZero() && actual.isPositive() === total.isPositive() && actual.abs().lt(total.abs())) {
    rule = 'reducedInProportion';
    const factor = actual.div(total);
    to = Object.fromEntries(
      Object.entries(held).map(([id, szi]) => {
        const scaled = new Dec(szi).mul(factor);
        return [id, new Dec(truncateSize(scaled.abs().toFixed(), venue.szDecimals)).mul(scaled.isNegative() ? -1 : 1)];
      }),
    );
  } else if (!total.isZero() && !actual.isZero() && actual.isPositive() !== total.isPositive()) {
    rule = 'flipped';
    to = Object.fromEntries(Object.keys(held).map((id) => [id, new Dec(0)]));
  } else {
    rule = 'grown';
    to = Object.fromEntries(Object.entries(held).map(([id, szi]) => [id, new Dec(szi)]));
  }
  const strategiesAfter = Object.values(to).reduce((sum, szi) => sum.plus(szi), new Dec(0));
  return {
    type: 'PositionDriftReconciled',
    v: 1,
    data: {
      at: venue.at,
      coin,
      ...(venue.account === MAIN_ACCOUNT ? {} : { account: venue.account }),
      venueSzi: text(actual),
      ledgerSzi: text(total),
      px: venue.px,
      rule,
      strategies: Object.entries(held).map(([strategyId, szi]) => ({ strategyId, from: szi, to: text(to[strategyId] ?? new Dec(0)) })),
      outsideFrom: text(outside),
      outsideTo: text(actual.minus(strategiesAfter)),
      counted: Object.entries(state.counted)
        .filter(([signalId, filled]) => !fillsRecorded(state, signalId, filled))
        .map(([signalId, filled]) => ({ signalId, filled })),
    },
  };
}
