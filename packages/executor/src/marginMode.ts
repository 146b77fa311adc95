import { marginModeOf, venueMarginMode, type MarginMode, type Settings } from '@hyperhook/domain';
import type { PlanAlertResult, PlanMarket } from '@hyperhook/trading';

/** A plan, or why there is none: planAlert's reasons and MARGIN_MODE_LOCKED. */
export type LivePlanResult = PlanAlertResult | { readonly ok: false; readonly code: 'MARGIN_MODE_LOCKED'; readonly message: string };

/** Why an alert waits for a position to close before its strategy's margin mode can apply. */
export function marginModeLockedMessage(coin: string, held: MarginMode, wanted: MarginMode): string {
  return `${coin} is held in ${held} margin; the strategy's ${wanted} margin mode applies once the position is closed.`;
}

/**
 * Refuses a plan that would open or add in `coin` while the account holds it in the other margin
 * mode (issue 39.2): the venue refuses `updateLeverage` to switch modes with a position open
 * ("Cannot switch leverage type with open position."), so the alert is refused before anything
 * is sent, with the reason. Closes never touch leverage and pass. `known` is the mode the
 * executor last set, for a position it tracks from its own fills (the venue's read says it
 * otherwise); with neither, the venue has the last word.
 */
export function refuseLockedMarginMode(result: PlanAlertResult, settings: Settings, market: PlanMarket, known: MarginMode | undefined): LivePlanResult {
  if (!result.ok || result.plan.reduceOnly) return result;
  const { coin } = result.plan;
  const position = market.positions.find((p) => p.coin === coin && p.szi !== 0);
  const held = position === undefined ? undefined : (position.marginMode ?? known);
  if (held === undefined) return result;
  const isolatedOnly = market.asset?.isolatedOnly ?? false;
  const wanted = venueMarginMode(marginModeOf(settings), isolatedOnly);
  if (venueMarginMode(held, isolatedOnly) === wanted) return result;
  return { ok: false, code: 'MARGIN_MODE_LOCKED', message: marginModeLockedMessage(coin, held, wanted) };
}
