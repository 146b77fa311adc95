import { describe, expect, it } from 'vitest';
import { type ExchangeOutcome, uncertain } from './exchangeOutcome.js';
import { ensureLeverage, type LeverageIo, type LeverageSetting } from './leverage.js';
import type { PerpAsset } from './metaCache.js';

const BTC: PerpAsset = { coin: 'BTC', assetId: 0, szDecimals: 5, maxLeverage: 40, isolatedOnly: false, delisted: false };

function io(current: LeverageSetting | null | Error, answer: ExchangeOutcome = { kind: 'ok' }) {
  const updates: Array<{ isCross: boolean; leverage: number }> = [];
  const fake: LeverageIo = {
    readCurrent: async () => {
      if (current instanceof Error) throw current;
      return current;
    },
    update: async (_asset, isCross, leverage) => {
      updates.push({ isCross, leverage });
      return answer;
    },
  };
  return { fake, updates };
}

describe('ensureLeverage', () => {
  it('given the account already at the wanted leverage, when ensured, then nothing is sent', async () => {
    const { fake, updates } = io({ type: 'cross', value: 5 });
    expect((await ensureLeverage(fake, BTC, 5, 'cross')).step.action).toBe('unchanged');
    expect(updates).toEqual([]);
  });

  it('given a different leverage, when ensured in the same margin mode, then updateLeverage keeps that mode', async () => {
    const { fake, updates } = io({ type: 'isolated', value: 3 });
    expect((await ensureLeverage(fake, BTC, 5, 'isolated')).step).toEqual({ action: 'updated', from: { type: 'isolated', value: 3 }, to: 5 });
    expect(updates).toEqual([{ isCross: false, leverage: 5 }]);
  });

  it('given a never-configured asset, when ensured, then leverage is set explicitly as cross', async () => {
    const { fake, updates } = io(null);
    await ensureLeverage(fake, BTC, 5, 'cross');
    expect(updates).toEqual([{ isCross: true, leverage: 5 }]);
  });

  it('given an unreadable setting, when ensured, then leverage is set explicitly', async () => {
    const { fake, updates } = io(new Error('down'));
    await ensureLeverage(fake, BTC, 5, 'cross');
    expect(updates).toHaveLength(1);
  });

  it('given an isolated-only asset, when ensured, then it is set isolated', async () => {
    const { fake, updates } = io(null);
    await ensureLeverage(fake, { ...BTC, isolatedOnly: true }, 3, 'cross');
    expect(updates).toEqual([{ isCross: false, leverage: 3 }]);
  });

  it('given leverage above the asset maximum, when ensured, then it is refused before anything is sent', async () => {
    const { fake, updates } = io({ type: 'cross', value: 5 });
    const { failure } = await ensureLeverage(fake, BTC, 50, 'cross');
    expect(failure).toMatchObject({
      kind: 'rejected',
      reason: 'leverageAboveMax',
      stage: 'client',
      message: 'Leverage 50x is above the maximum of 40x that Hyperliquid allows for BTC.',
    });
    expect(updates).toEqual([]);
  });

  it('given a fractional leverage, when ensured, then it is refused', async () => {
    const { fake } = io(null);
    expect((await ensureLeverage(fake, BTC, 2.5, 'cross')).failure).toMatchObject({ reason: 'invalidOrder' });
  });

  it('given an update that timed out, when ensured, then the order gets a transient error, not an uncertain one', async () => {
    const { fake } = io(null, uncertain({ reason: 'timeout', message: 'no answer', stage: 'network' }));
    const { failure, step } = await ensureLeverage(fake, BTC, 5, 'cross');
    expect(step.action).toBe('failed');
    expect(failure).toMatchObject({ kind: 'transientError', reason: 'timeout', message: expect.stringContaining('the order was not sent') });
  });

  describe('the margin mode (issue 39.2)', () => {
    it.each([
      ['cross', 'isolated', false],
      ['isolated', 'cross', true],
    ] as const)(
      'issue 39.2: given the account %s at the wanted leverage, when ensured %s, then updateLeverage is sent with isCross %s',
      async (held, wanted, isCross) => {
        // given
        const { fake, updates } = io({ type: held, value: 5 });
        // when
        const { step } = await ensureLeverage(fake, BTC, 5, wanted);
        // then
        expect(step).toEqual({ action: 'updated', from: { type: held, value: 5 }, to: 5 });
        expect(updates).toEqual([{ isCross, leverage: 5 }]);
      },
    );

    it('issue 39.2: given an isolated-only asset already isolated at the wanted leverage, when ensured cross, then nothing is sent', async () => {
      // given
      const { fake, updates } = io({ type: 'isolated', value: 3 });
      // when
      const { step } = await ensureLeverage(fake, { ...BTC, isolatedOnly: true }, 3, 'cross');
      // then
      expect(step.action).toBe('unchanged');
      expect(updates).toEqual([]);
    });
  });
});
