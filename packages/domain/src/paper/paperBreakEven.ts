import { z } from 'zod';
import { Dec } from '../exchange/decimal.js';
import { EntityIdSchema } from '../eventModel/primitives.js';
import { BreakEvenSchema, breakEvenStop } from '../protection/breakEven.js';

/**
 * A break-even move armed on a paper position (issue 41 §3): the live one's prices (counted from
 * the entry's average fill), the coin, the side it was armed for, and the alert that armed it,
 * whose fills the moved stop's fills are. Paper keeps it in each snapshot beside the orders, as
 * live keeps it in ProtectionUpdated, so a restart resumes it.
 */
export const PaperBreakEvenSchema = BreakEvenSchema.extend({
  coin: z.string().min(1).max(50),
  /** Armed for a long (the stop moves up) or a short (down). */
  long: z.boolean(),
  signalId: EntityIdSchema,
});
/** A break-even move armed on a paper position. */
export type PaperBreakEven = z.infer<typeof PaperBreakEvenSchema>;

/** A paper stop the mids say to move: the move, and the stop's new trigger price. */
export interface PaperBreakEvenMove {
  readonly armed: PaperBreakEven;
  readonly stopPx: string;
}

/**
 * The armed moves a paper account keeps: those of a coin it still holds on the side each was
 * armed for. A closed position forgets its move, and a turned one the old side's, as live's
 * protection does, so no old move ever touches a later position.
 */
export function breakEvensKept(armed: readonly PaperBreakEven[], positions: readonly { readonly coin: string; readonly szi: string }[]): PaperBreakEven[] {
  return armed.filter((move) => {
    const szi = positions.find((p) => p.coin === move.coin)?.szi;
    return szi !== undefined && !new Dec(szi).isZero() && new Dec(szi).isNegative() !== move.long;
  });
}

/** The armed moves once an entry armed `next`: it replaces the coin's earlier one, as a live entry's does. */
export function armBreakEven(armed: readonly PaperBreakEven[], next: PaperBreakEven): PaperBreakEven[] {
  return [...armed.filter((move) => move.coin !== next.coin), next];
}

/**
 * The moves due at `mids`: each armed move whose activation the coin's mid has reached and whose
 * stop tightens the position's current one (`stopOf`, undefined: none), by the live rule
 * (breakEvenStop), so paper and live move the same stops at the same prices.
 */
export function breakEvenMovesDue(
  armed: readonly PaperBreakEven[],
  mids: Readonly<Record<string, number>>,
  stopOf: (coin: string) => string | undefined,
): PaperBreakEvenMove[] {
  return armed.flatMap((move) => {
    const stopPx = breakEvenStop(move, move.long, mids[move.coin] ?? Number.NaN, stopOf(move.coin));
    return stopPx === undefined ? [] : [{ armed: move, stopPx }];
  });
}
