import { describe, expect, it } from 'vitest';
import { armBreakEven, breakEvenMovesDue, breakEvensKept, type PaperBreakEven } from './paperBreakEven.js';

const long: PaperBreakEven = { coin: 'ETH', long: true, activationPx: '3535', stopPx: '3503.5', signalId: 'sig-long' };
const short: PaperBreakEven = { coin: 'BTC', long: false, activationPx: '95000', stopPx: '96900', signalId: 'sig-short' };

describe('paper break-even (issue 41 §3)', () => {
  it('given moves armed on a long ETH and a short BTC, when the account still holds both, then both are kept', () => {
    expect(
      breakEvensKept(
        [long, short],
        [
          { coin: 'ETH', szi: '0.1' },
          { coin: 'BTC', szi: '-0.01' },
        ],
      ),
    ).toEqual([long, short]);
  });

  it('given moves armed, when ETH is closed and BTC turned long, then neither is kept: no old move touches a later position', () => {
    expect(breakEvensKept([long, short], [{ coin: 'BTC', szi: '0.01' }])).toEqual([]);
  });

  it('given a move armed on ETH, when another ETH entry arms one, then the new one replaces it', () => {
    const next = { ...long, activationPx: '3600', stopPx: '3550', signalId: 'sig-next' };
    expect(armBreakEven([long, short], next)).toEqual([short, next]);
  });

  it('given a long armed at 3535 with its stop at 3300, when the mid is below the activation, then nothing is due; at it, then the stop moves to 3503.5', () => {
    const stopAt = () => '3300';
    expect(breakEvenMovesDue([long], { ETH: 3534 }, stopAt)).toEqual([]);
    expect(breakEvenMovesDue([long], { ETH: 3535 }, stopAt)).toEqual([{ armed: long, stopPx: '3503.5' }]);
  });

  it('given a long whose stop is already above the break-even price, or a coin without a mid, when checked, then nothing is due: the stop only ever tightens', () => {
    expect(breakEvenMovesDue([long], { ETH: 3600 }, () => '3510')).toEqual([]);
    expect(breakEvenMovesDue([long], {}, () => undefined)).toEqual([]);
  });

  it('given a short without a stop, when the mid falls to the activation, then a stop at the break-even price is due', () => {
    expect(breakEvenMovesDue([short], { BTC: 94_999 }, () => undefined)).toEqual([{ armed: short, stopPx: '96900' }]);
  });
});
