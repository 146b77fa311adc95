import { describe, expect, it } from 'vitest';
import { protectionFromUpdate } from './protectionFromUpdate.js';

const long = { held: '0.1', entryPx: '3000' };

describe('protectionFromUpdate (issue 41, point 1)', () => {
  it('given a long at a mid of 3100, when the update names a stop and take-profits by offset, then they count from the entry and the sizes from the position', () => {
    expect(protectionFromUpdate({ coin: 'ETH', stopLoss: 3010, takeProfits: [{ offsetPercent: 5, percent: 100 }] }, long, {}, 3100, 4)).toEqual({
      ok: true,
      prices: { stopLoss: '3010', takeProfits: [{ triggerPx: '3150', size: '0.1' }] },
      tooSmall: [],
    });
  });

  it('given a take-profit the price has already passed, or a stop above the price, then refused: it would fire at once', () => {
    expect(protectionFromUpdate({ coin: 'ETH', takeProfits: [{ offsetPercent: 2, percent: 100 }] }, long, {}, 3100, 4)).toMatchObject({
      ok: false,
      code: 'INVALID_TAKE_PROFIT',
    });
    expect(protectionFromUpdate({ coin: 'ETH', stopLoss: 3200 }, long, {}, 3100, 4)).toMatchObject({
      ok: false,
      code: 'INVALID_STOP_LOSS',
      message: "Stop-loss 3200 must be below the price 3100 for this strategy's long ETH position, or it would fire at once.",
    });
  });

  it('given a trail and a tighter current stop, then the stop stays where it is; given a looser one, then the trail starts its distance behind the mid', () => {
    expect(protectionFromUpdate({ coin: 'ETH', trailingStop: { percent: 2 } }, long, { stopLoss: '3050' }, 3100, 4)).toMatchObject({
      ok: true,
      prices: { stopLoss: '3050' },
    });
    expect(protectionFromUpdate({ coin: 'ETH', trailingStop: { percent: 2 } }, long, { stopLoss: '2900' }, 3100, 4)).toMatchObject({
      ok: true,
      prices: { stopLoss: '3038' },
    });
  });

  it('given no position, then NO_POSITION', () => {
    expect(protectionFromUpdate({ coin: 'ETH', stopLoss: 2900 }, { held: '0', entryPx: '0' }, {}, 3100, 4)).toMatchObject({ ok: false, code: 'NO_POSITION' });
  });
});
