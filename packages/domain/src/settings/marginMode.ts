import { z } from 'zod';

/**
 * How a strategy's positions are margined on Hyperliquid (issue 39.2): `cross` shares the
 * account's balance, `isolated` gives each position its own margin.
 */
export const MarginModeSchema = z.enum(['cross', 'isolated']);
/** A margin mode. */
export type MarginMode = z.infer<typeof MarginModeSchema>;

/** Settings stored before issue 39.2 have no margin mode: they traded cross, as the venue defaults. */
export const DEFAULT_MARGIN_MODE: MarginMode = 'cross';

/** A strategy's margin mode, cross when its settings predate the field. */
export function marginModeOf(settings: { readonly trading: { readonly marginMode?: MarginMode | undefined } }): MarginMode {
  return settings.trading.marginMode ?? DEFAULT_MARGIN_MODE;
}

/** The mode the venue holds a coin in: an isolated-only asset refuses cross, whatever the strategy says. */
export function venueMarginMode(wanted: MarginMode, isolatedOnly: boolean): MarginMode {
  return isolatedOnly ? 'isolated' : wanted;
}
