import type { ProtectionUpdated } from '../protection/protectionEvents.js';
import { trailText } from '../protection/protectionText.js';
import type { TakeProfitTarget } from '../protection/takeProfits.js';
import { Dec } from '../exchange/decimal.js';
import { LATER_CAP, type LaterEntry } from './laterEntry.js';

/** What the row last saw of the protection, to tell each ProtectionUpdated's change from the one before. */
export interface ProtectionSeen {
  readonly stopPx?: string;
  readonly stopSize?: string;
  /** Live take-profits, trigger price → size. */
  readonly tps: Readonly<Record<string, string>>;
  readonly targets?: readonly TakeProfitTarget[];
  readonly breakEvenStopPx?: string;
  readonly trailActive?: boolean;
  readonly trailMovedAt?: string;
}

/** "3038" → "3,038", "0.05" stays: decimal text grouped for people, never through a float. */
export function groupDigits(text: string): string {
  const [whole = '', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

const KIND = { sl: 'stop-loss', tp: 'take-profit' } as const;

function seenOf(data: ProtectionUpdated['data']): ProtectionSeen {
  const stop = data.live.find((order) => order.kind === 'sl');
  return {
    ...(stop !== undefined ? { stopPx: stop.triggerPx, stopSize: stop.size } : {}),
    tps: Object.fromEntries(data.live.filter((order) => order.kind === 'tp').map((order) => [order.triggerPx, order.size])),
    ...(data.takeProfits !== undefined ? { targets: data.takeProfits } : {}),
    ...(data.breakEven !== undefined ? { breakEvenStopPx: data.breakEven.stopPx } : {}),
    ...(data.trailingStop !== undefined ? { trailActive: data.trailingStop.active } : {}),
    ...(data.trailingStop?.movedAt !== undefined ? { trailMovedAt: data.trailingStop.movedAt } : {}),
  };
}

function stopLines(before: ProtectionSeen | undefined, now: ProtectionSeen, data: ProtectionUpdated['data']): string[] {
  if (now.stopPx === undefined) return before?.stopPx !== undefined && data.refused.length === 0 ? ['stop-loss removed'] : [];
  if (before?.stopPx === undefined) return [`stop-loss ${now.stopSize} at ${groupDigits(now.stopPx)} placed`];
  if (!new Dec(before.stopPx).eq(now.stopPx)) {
    // The keeper stamps a trail's move with its own clock, before the event's `at`: a new stamp is the trail's move.
    const trailMoved = now.trailMovedAt !== undefined && now.trailMovedAt !== before.trailMovedAt;
    const why = trailMoved ? ' (trail)' : before.breakEvenStopPx !== undefined && data.breakEven === undefined ? ' (break-even)' : '';
    return [`stop moved to ${groupDigits(now.stopPx)}${why}`];
  }
  return before.stopSize !== now.stopSize ? [`stop resized to ${now.stopSize}`] : [];
}

function takeProfitLines(before: ProtectionSeen | undefined, now: ProtectionSeen): string[] {
  const lines: string[] = [];
  const targetSize = (seen: ProtectionSeen | undefined, px: string) => seen?.targets?.find((target) => new Dec(target.triggerPx).eq(px))?.size;
  for (const [px, size] of Object.entries(before?.tps ?? {})) {
    if (now.tps[px] === size) continue;
    const wasTarget = targetSize(before, px);
    const isTarget = targetSize(now, px);
    // A target that shrank or went while the position is still protected was filled; otherwise it was refitted.
    const filled = wasTarget !== undefined && (isTarget === undefined ? now.stopPx !== undefined : new Dec(isTarget).lt(wasTarget));
    if (filled) lines.push(`take-profit ${isTarget === undefined ? wasTarget : new Dec(wasTarget).minus(isTarget).toFixed()} at ${groupDigits(px)} filled`);
    else if (now.tps[px] === undefined) lines.push(`take-profit at ${groupDigits(px)} cancelled`);
    else lines.push(`take-profit at ${groupDigits(px)} resized to ${now.tps[px]}`);
  }
  for (const [px, size] of Object.entries(now.tps)) if (before?.tps[px] === undefined) lines.push(`take-profit ${size} at ${groupDigits(px)} placed`);
  return lines;
}

/**
 * What a ProtectionUpdated did, in words, after what the row saw before (issue 41 §2): orders
 * placed, the stop moved (and by what), resized or removed, take-profits filled, a trail or
 * break-even armed, and every refusal with the venue's own words. Also what the row now has seen.
 */
export function protectionLater(before: ProtectionSeen | undefined, data: ProtectionUpdated['data']): { entries: LaterEntry[]; seen: ProtectionSeen } {
  const now = seenOf(data);
  const texts = [...stopLines(before, now, data), ...takeProfitLines(before, now)];
  if (data.trailingStop !== undefined && before?.trailActive === undefined) texts.push(`trail armed: ${trailText(data.trailingStop)}`);
  else if (data.trailingStop?.active === true && before?.trailActive === false) texts.push('trail active: the price reached its activation');
  if (data.breakEven !== undefined && before?.breakEvenStopPx === undefined) {
    texts.push(`break-even armed: stop to ${groupDigits(data.breakEven.stopPx)} once the price reaches ${groupDigits(data.breakEven.activationPx)}`);
  }
  const entries: LaterEntry[] = texts.map((text) => ({ at: data.at, text }));
  for (const refusal of data.refused) {
    entries.push({
      at: data.at,
      text: `refused: ${KIND[refusal.kind]} ${refusal.size} at ${groupDigits(refusal.triggerPx)}: ${refusal.reason}`,
      refused: true,
    });
  }
  const failed = data.cancelled.filter((cancel) => cancel.status === 'failed').length;
  if (failed > 0) entries.push({ at: data.at, text: `${failed === 1 ? 'an old trigger' : `${failed} old triggers`} could not be cancelled`, refused: true });
  return { entries, seen: now };
}

/** The row's later entries with `entries` added, the newest LATER_CAP kept. */
export function appendLater(later: readonly LaterEntry[] | undefined, entries: readonly LaterEntry[]): LaterEntry[] {
  return [...(later ?? []), ...entries].slice(-LATER_CAP);
}
