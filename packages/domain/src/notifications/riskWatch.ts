import { z } from 'zod';
import { PositionSnapshotSchema, type PositionSnapshot, type PositionsSnapshotTaken } from '../account/accountEvents.js';
import { decimalText } from '../exchange/decimalText.js';
import { IsoTimestampSchema } from '../eventModel/primitives.js';

/**
 * A position as the risk watch keeps it between snapshots (issue 42, point 2): its coin, signed
 * size and liquidation price, and the snapshot's own mark (markPx, else positionValue ÷ size),
 * which still stands for a coin the venue lists no mid for.
 */
export const WatchedPositionSchema = PositionSnapshotSchema.pick({ coin: true, szi: true, markPx: true, positionValue: true, liquidationPx: true });
/** A watched position. */
export type WatchedPosition = z.infer<typeof WatchedPositionSchema>;

/** An account's positions that have a liquidation price, as its last snapshot showed them, and the network its keys are on. */
export const WatchedAccountSchema = z.object({
  isTestnet: z.boolean(),
  /** When the snapshot was taken: an older one read late does not replace it. */
  at: IsoTimestampSchema,
  positions: z.array(WatchedPositionSchema).min(1).max(500),
});
/** A watched account. */
export type WatchedAccount = z.infer<typeof WatchedAccountSchema>;

/**
 * What the risk watch knows between starts: the network of each user with keys (a snapshot is
 * taken only with keys, and its positions are on their network), and the accounts holding a
 * position that can be liquidated. An account holding none is not kept: it costs nothing.
 */
export const RiskWatchBookSchema = z.object({
  networks: z.record(z.string(), z.boolean()),
  accounts: z.record(z.string(), WatchedAccountSchema),
});
/** The risk watch's book. */
export type RiskWatchBook = z.infer<typeof RiskWatchBookSchema>;

const positive = (text: string | null | undefined): boolean => {
  const n = Number(text ?? Number.NaN);
  return Number.isFinite(n) && n > 0;
};

/** The positions of a snapshot that can be liquidated: open (a size not zero) with a liquidation price. */
export function watchedPositions(positions: readonly PositionSnapshot[]): WatchedPosition[] {
  return positions.flatMap(({ coin, szi, markPx, positionValue, liquidationPx }) => {
    const size = Number(szi);
    if (!Number.isFinite(size) || size === 0 || !positive(liquidationPx)) return [];
    return [{ coin, szi, liquidationPx, markPx: markPx ?? null, positionValue: positionValue ?? null }];
  });
}

/**
 * The account as the watch keeps it after a positions snapshot: the snapshot's positions that can
 * be liquidated, or undefined when it holds none (nothing to weigh, nothing kept). A snapshot older
 * than the one kept (two syncs finishing out of order) changes nothing.
 */
export function watchedAfterSnapshot(
  current: WatchedAccount | undefined,
  snapshot: Pick<PositionsSnapshotTaken['data'], 'at' | 'positions'>,
  isTestnet: boolean,
): WatchedAccount | undefined {
  if (current !== undefined && Date.parse(snapshot.at) < Date.parse(current.at)) return current;
  const positions = watchedPositions(snapshot.positions);
  return positions.length === 0 ? undefined : { isTestnet, at: snapshot.at, positions };
}

/**
 * The watched positions with their mark at the venue's current mid, to be weighed again with the
 * snapshot's liquidation price (riskReadings.ts). That price is a fair estimate between snapshots:
 * an isolated position's stays put while its margin does; a cross position's moves with the
 * account's equity (the other positions' profit and loss, funding), so it drifts only as far as
 * they do, and a fresh snapshot replaces it after each fill and sync. Liquidation follows the
 * mark price, which the mid tracks closely. A coin without a mid keeps the snapshot's mark: it
 * reads as it did, rather than as closed.
 */
export function positionsAtMids(positions: readonly WatchedPosition[], mids: Readonly<Record<string, number>>): PositionSnapshot[] {
  return positions.map((position) => {
    const mid = Object.hasOwn(mids, position.coin) ? mids[position.coin] : undefined;
    return mid !== undefined && Number.isFinite(mid) && mid > 0 ? { ...position, markPx: decimalText(mid) } : position;
  });
}
