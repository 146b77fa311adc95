import { describe, expect, it } from 'vitest';
import type { PaperOpenOrder } from './paperEvents.js';
import { afterPaperTargetFills, fitPaperExits, paperExitsKept, paperStopMove, type PaperExits } from './paperExits.js';

const exits: PaperExits = {
  coin: 'ETH',
  long: true,
  signalId: 'sig-exits',
  stopLoss: '2900',
  takeProfits: [
    { triggerPx: '3100', size: '0.05' },
    { triggerPx: '3200', size: '0.05' },
  ],
};
const trigger = (oid: number, tpsl: 'sl' | 'tp', px: string, sz: string, extra: Partial<PaperOpenOrder> = {}): PaperOpenOrder => ({
  oid,
  coin: 'ETH',
  side: 'A',
  limitPx: px,
  sz,
  origSz: sz,
  reduceOnly: true,
  trigger: { px, isMarket: true, tpsl },
  placedAt: '2026-12-03T14:00:00.000Z',
  ...extra,
});

describe('paper exits kept the live way (issue 41 §3)', () => {
  it('issue 41 §3: given a 0.1 long with a stop and two take-profits and no trigger yet, when fitted, then a stop for 0.1 and each take-profit for its own 0.05 are placed', () => {
    const { coin: _c, long: _l, signalId: _s, ...prices } = exits;
    const fit = fitPaperExits({}, prices, '0.1', [], 4);
    expect(fit.place.map(({ kind, triggerPx, size, isBuy }) => [kind, triggerPx, size, isBuy])).toEqual([
      ['sl', '2900', '0.1', false],
      ['tp', '3100', '0.05', false],
      ['tp', '3200', '0.05', false],
    ]);
    expect(fit.cancel).toEqual([]);
  });

  it('issue 41 §3: given the nearer take-profit filled 0.05, when fitted, then the stop shrinks to the 0.05 left and the farther take-profit stays', () => {
    const after = afterPaperTargetFills(exits, [{ triggerPx: '3100', sz: '0.05' }]);
    expect(after.takeProfits).toEqual([{ triggerPx: '3200', size: '0.05' }]);
    const live = [trigger(1, 'sl', '2900', '0.1'), trigger(3, 'tp', '3200', '0.05')];
    const fit = fitPaperExits({ stopLoss: '2900', takeProfits: after.takeProfits }, {}, '0.05', live, 4);
    expect(fit.place.map(({ kind, size }) => [kind, size])).toEqual([['sl', '0.05']]);
    expect(fit.cancel).toEqual([1]);
  });

  it('issue 41 §3: given a whole-position stop of the paper venue, when fitted the live way, then it is replaced: its link would cancel the stop when a take-profit fires', () => {
    const fit = fitPaperExits({}, { stopLoss: '2900' }, '0.1', [trigger(7, 'sl', '2900', '0.1', { wholePosition: true })], 4);
    expect(fit.place.map(({ kind, size }) => [kind, size])).toEqual([['sl', '0.1']]);
    expect(fit.cancel).toEqual([7]);
  });

  it('issue 41 §3: given the position closed, when fitted, then nothing is wanted, what is live is cancelled and the prices are forgotten', () => {
    const fit = fitPaperExits({ stopLoss: '2900' }, {}, '0', [trigger(1, 'sl', '2900', '0.1')], 4);
    expect(fit).toEqual({ prices: undefined, place: [], cancel: [1] });
    expect(paperExitsKept([exits], [])).toEqual([]);
    expect(paperExitsKept([exits], [{ coin: 'ETH', szi: '-0.1' }])).toEqual([]);
    expect(paperExitsKept([exits], [{ coin: 'ETH', szi: '0.1' }])).toEqual([exits]);
  });

  it('issue 41 §3: given a 2% trail active with its stop at 2900, when the mid runs to 3100, then the stop moves by live’s rule (nextStopMove) and the move is timed', () => {
    const trailing: PaperExits = { ...exits, trailingStop: { percent: '2', active: true } };
    const now = Date.parse('2026-12-03T14:00:00.000Z');
    const move = paperStopMove(trailing, 3_100, now, 4);
    expect(move?.asked.stopLoss).toBe('3038');
    expect(move?.asked.trailingStop).toEqual({ percent: '2', active: true, movedAt: '2026-12-03T14:00:00.000Z' });
    expect(paperStopMove({ ...trailing, stopLoss: '3038', trailingStop: move!.asked.trailingStop! }, 3_120, now + 1_000, 4)).toBeUndefined();
  });
});
