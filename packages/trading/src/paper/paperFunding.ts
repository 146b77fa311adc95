import type { PerpAsset } from '@hyperhook/hyperliquid';
import type { PaperAccountRecord } from './paperRunLedger.js';

/** Funding hours, as the engine settles them: on the hour, every hour. */
export { FUNDING_INTERVAL_MS, fundingHourOf } from '@hyperhook/venue-engine';

/** A position a paper run held at a funding hour, and has not been paid or charged that hour's funding for. */
export interface UnpaidFunding {
  readonly coin: string;
  /** The signed size held at the hour. */
  readonly szi: number;
}

/**
 * The positions of a paper run at the funding hour `hour` (ms since the epoch) that the log holds
 * no payment of that hour for: each coin's size at the hour, summed from the run's fills up to it
 * in whole lots (so exactly), left out when flat, unlisted or already paid. Only the log decides
 * what is paid, so an hour is never due twice: not after a restart, nor for a second executor.
 */
export function unpaidFunding(record: Pick<PaperAccountRecord, 'fills' | 'fundings'>, hour: number, assets: readonly PerpAsset[]): UnpaidFunding[] {
  const paid = new Set(record.fundings.filter((f) => Date.parse(f.hour) === hour).map((f) => f.coin));
  const decimals = new Map(assets.map((asset) => [asset.coin, asset.szDecimals]));
  const lots = new Map<string, number>();
  for (const fill of record.fills) {
    const szDecimals = decimals.get(fill.coin);
    if (szDecimals === undefined || (fill.time !== undefined && Date.parse(fill.time) > hour)) continue;
    const size = Math.round(Number(fill.sz) * 10 ** szDecimals);
    lots.set(fill.coin, (lots.get(fill.coin) ?? 0) + (fill.side === 'B' ? size : -size));
  }
  return [...lots].filter(([coin, held]) => held !== 0 && !paid.has(coin)).map(([coin, held]) => ({ coin, szi: held / 10 ** (decimals.get(coin) ?? 0) }));
}
