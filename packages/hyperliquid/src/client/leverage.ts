import { venueMarginMode, type MarginMode } from '@hyperhook/domain';
import { type ExchangeOutcome, type FailedOutcome, isFailedOutcome, rejected, transientError } from './exchangeOutcome.js';
import type { PerpAsset } from './metaCache.js';

/** The account's leverage setting for one asset. */
export interface LeverageSetting {
  type: 'cross' | 'isolated';
  value: number;
}

/** What aligning the leverage did. */
export interface LeverageStep {
  action: 'unchanged' | 'updated' | 'failed';
  /** The setting before, when it could be read. */
  from: LeverageSetting | null;
  /** The leverage asked for. */
  to: number;
}

/** I/O the leverage step needs, bound to one account and network. */
export interface LeverageIo {
  /** The current setting, or null when the venue does not say (never traded the asset). */
  readCurrent(asset: PerpAsset): Promise<LeverageSetting | null>;
  /** Sends `updateLeverage`. */
  update(asset: PerpAsset, isCross: boolean, leverage: number): Promise<ExchangeOutcome>;
}

/**
 * Makes the account's leverage for `asset` equal `wanted` in margin mode `mode`, sending
 * `updateLeverage` only when either differs (each action costs address rate limit, reference
 * §4.1). An isolated-only asset is always set isolated, as the venue refuses cross for it (issue
 * 39.2). The venue refuses a mode change while a position is open: the executor checks that
 * before calling, and a refusal here keeps the venue's text. A never-configured asset (no setting
 * readable) is set explicitly, since the venue's default is undocumented (reference §3, §8.8).
 *
 * Leverage above the asset's maximum is refused here, before signing, with a message naming
 * both numbers. A failure is returned as an outcome; an `uncertain` update becomes a
 * `transientError` for the order, because the order itself was certainly not sent.
 */
export async function ensureLeverage(
  io: LeverageIo,
  asset: PerpAsset,
  wanted: number,
  mode: MarginMode,
): Promise<{ step: LeverageStep; failure?: FailedOutcome }> {
  if (!Number.isInteger(wanted) || wanted < 1) {
    return {
      step: { action: 'failed', from: null, to: wanted },
      failure: rejected({ reason: 'invalidOrder', message: `Leverage must be a whole number of at least 1x; got ${wanted}.`, stage: 'client' }),
    };
  }
  if (wanted > asset.maxLeverage) {
    return {
      step: { action: 'failed', from: null, to: wanted },
      failure: rejected({
        reason: 'leverageAboveMax',
        message: `Leverage ${wanted}x is above the maximum of ${asset.maxLeverage}x that Hyperliquid allows for ${asset.coin}.`,
        stage: 'client',
      }),
    };
  }
  let current: LeverageSetting | null;
  try {
    current = await io.readCurrent(asset);
  } catch {
    current = null; // Unknown: set it explicitly, which is harmless when it already matched.
  }
  const type = venueMarginMode(mode, asset.isolatedOnly);
  if (current !== null && current.value === wanted && current.type === type) {
    return { step: { action: 'unchanged', from: current, to: wanted } };
  }
  const outcome = await io.update(asset, type === 'cross', wanted);
  if (!isFailedOutcome(outcome)) return { step: { action: 'updated', from: current, to: wanted } };
  const failure: FailedOutcome =
    outcome.kind === 'uncertain'
      ? transientError({
          reason: outcome.reason,
          message: `Setting ${asset.coin} leverage to ${wanted}x did not complete (${outcome.message}); the order was not sent.`,
          stage: outcome.stage,
        })
      : { ...outcome, message: `Hyperliquid refused to set ${asset.coin} leverage to ${wanted}x: ${outcome.message}` };
  return { step: { action: 'failed', from: current, to: wanted }, failure };
}
