import { describe, expect, it } from 'vitest';
import type { PositionSnapshot } from '../account/accountEvents.js';
import { liquidationReadings } from './riskReadings.js';
import { positionsAtMids, watchedAfterSnapshot, watchedPositions, type WatchedAccount } from './riskWatch.js';

const AT = '2026-12-03T18:00:00.000Z';
const LATER = '2026-12-03T18:00:05.000Z';
/** An ETH long of 1 whose mark is 3,000 and liquidation price 2,700. */
const eth: PositionSnapshot = { coin: 'ETH', szi: '1', entryPx: '2950', markPx: '3000', positionValue: '3000', liquidationPx: '2700', leverage: 10 };

describe('the positions the risk watch keeps (issue 42, point 2)', () => {
  it('given a snapshot with a liquidatable long, a position of size 0, one without a liquidation price and one at 0, then only the long is kept, with what weighing it needs', () => {
    // given
    const positions: PositionSnapshot[] = [
      eth,
      { coin: 'BTC', szi: '0', liquidationPx: '50000' },
      { coin: 'SOL', szi: '-3', markPx: '150', liquidationPx: null },
      { coin: 'DOGE', szi: '100', markPx: '0.1', liquidationPx: '0' },
    ];
    // when
    const watched = watchedPositions(positions);
    // then
    expect(watched).toEqual([{ coin: 'ETH', szi: '1', markPx: '3000', positionValue: '3000', liquidationPx: '2700' }]);
  });

  it('given an account kept from a snapshot, when an older snapshot is read late, then the kept one stands; when a newer one holds nothing liquidatable, then nothing is kept', () => {
    // given
    const kept = watchedAfterSnapshot(undefined, { at: LATER, positions: [eth] }, true);
    expect(kept).toEqual<WatchedAccount>({ isTestnet: true, at: LATER, positions: watchedPositions([eth]) });
    // when
    const late = watchedAfterSnapshot(kept, { at: AT, positions: [] }, true);
    const closed = watchedAfterSnapshot(kept, { at: '2026-12-03T18:01:00.000Z', positions: [{ coin: 'ETH', szi: '0' }] }, true);
    // then
    expect(late).toBe(kept);
    expect(closed).toBeUndefined();
  });

  it('given the ETH long and a short without a mid, when put at the mids, then ETH reads at its mid with the snapshot liquidation price and the short keeps its own mark', () => {
    // given
    const short: PositionSnapshot = { coin: 'XYZ', szi: '-2', markPx: '10', liquidationPx: '11' };
    // when
    const marked = positionsAtMids(watchedPositions([eth, short]), { ETH: 2_880.000000000001, BTC: 90_000 });
    // then
    expect(marked.map((p) => p.markPx)).toEqual(['2880', '10']);
    expect(liquidationReadings(marked)).toEqual([
      { coin: 'ETH', side: 'long', markPx: 2880, liquidationPx: 2700, distancePct: (180 / 2880) * 100 },
      { coin: 'XYZ', side: 'short', markPx: 10, liquidationPx: 11, distancePct: 10 },
    ]);
  });

  it('given a mid of a tiny price, when put at it, then the mark is plain decimal text (no exponent)', () => {
    // given
    const pepe: PositionSnapshot = { coin: 'kPEPE', szi: '1000', liquidationPx: '0.0000001' };
    // when
    const [marked] = positionsAtMids(watchedPositions([pepe]), { kPEPE: 0.0000002 });
    // then
    expect(marked?.markPx).toBe('0.0000002');
  });
});
