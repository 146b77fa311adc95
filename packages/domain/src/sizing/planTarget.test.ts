import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParsedAlert } from '../alert/alertSchema.js';
import { planOrder } from './planOrder.js';
import type { PlanPosition } from './planOrderInputSchema.js';
import { planInput } from './testing/planFixtures.js';

const target = (t: NonNullable<ParsedAlert['target']>, extra: Partial<ParsedAlert> = {}): Partial<ParsedAlert> => ({
  target: t,
  action: t === 'long' ? 'buy' : t === 'short' ? 'sell' : 'close',
  ...extra,
});
const btc = (szi: number, leverage = 2): PlanPosition[] => [{ coin: 'BTC', szi, leverage }];
// No Max Position Size and a large balance: the tests are about the difference sent; the cap has its own test.
const plan = (alert: Partial<ParsedAlert>, positions: PlanPosition[] = []) =>
  planOrder(
    planInput({ alert, positions, balance: { availableBalance: 10_000_000, totalEquity: 10_000_000 }, settings: { riskLimits: { maxPositionSize: 0 } } }),
  );

describe('planOrder of a target alert: only the difference is sent (issue 29, point 2)', () => {
  it('given no BTC position, when the target is flat, then nothing to send, and the log says so', () => {
    expect(plan(target('flat'))).toEqual({ ok: false, code: 'ALREADY_AT_TARGET', message: 'Already flat in BTC: nothing to send.' });
  });

  it('given no BTC position, when the target is long, then a buy sized like an entry, not reduce-only', () => {
    expect(plan(target('long'))).toMatchObject({ ok: true, plan: { isBuy: true, reduceOnly: false, size: '0.00103' } });
    expect(plan(target('short', { quantity: 0.25 }))).toMatchObject({ ok: true, plan: { isBuy: false, reduceOnly: false, size: '0.25' } });
  });

  it('given long 0.5 BTC, when the target is long again without a size, then nothing to send: "Already long 0.5 BTC"', () => {
    expect(plan(target('long'), btc(0.5))).toEqual({ ok: false, code: 'ALREADY_AT_TARGET', message: 'Already long 0.5 BTC: nothing to send.' });
  });

  it('given long 0.3 BTC, when the target is long 0.5, then a buy of the 0.2 missing', () => {
    expect(plan(target('long', { quantity: 0.5 }), btc(0.3))).toMatchObject({ ok: true, plan: { isBuy: true, reduceOnly: false, size: '0.2' } });
  });

  it('given long 0.5 BTC, when the target is long 0.2, then a reduce-only sell of the 0.3 beyond it', () => {
    expect(plan(target('long', { quantity: 0.2 }), btc(0.5))).toMatchObject({ ok: true, plan: { isBuy: false, reduceOnly: true, size: '0.3' } });
  });

  it('given long 0.01 BTC at 2x, when the target is short, then one sell that closes 0.01 and opens the entry size, keeping 2x', () => {
    expect(plan(target('short'), btc(0.01))).toMatchObject({ ok: true, plan: { isBuy: false, reduceOnly: false, size: '0.01206', leverage: 2 } });
  });

  it('given short 0.2 BTC, when the target is flat, then a reduce-only buy of the whole position', () => {
    expect(plan(target('flat'), btc(-0.2))).toMatchObject({ ok: true, plan: { isBuy: true, reduceOnly: true, size: '0.2' } });
  });

  it('given Max Position Size $1,000 at 2x and long 0.01 BTC, when the target is long 1 BTC, then the position is capped at 0.02061 BTC: the cap holds the position, so a repeat sends nothing', () => {
    const capped = (positions: PlanPosition[]) =>
      planOrder(planInput({ alert: target('long', { quantity: 1 }), positions, balance: { availableBalance: 100_000, totalEquity: 100_000 } }));
    expect(capped(btc(0.01))).toMatchObject({ ok: true, plan: { isBuy: true, size: '0.01061' } });
    expect(capped(btc(0.02061))).toMatchObject({ ok: false, code: 'ALREADY_AT_TARGET' });
  });

  it('given a flip that the entry rules refuse (no stop-loss while required), then the refusal, and nothing is sent', () => {
    const refused = planOrder(planInput({ alert: target('short'), positions: btc(0.01), settings: { trading: { requireStopLoss: true } } }));
    expect(refused).toMatchObject({ ok: false, code: 'STOP_LOSS_REQUIRED' });
  });

  it('property: a target alert applied twice leaves the same position as applied once', () => {
    const step = 1e-5;
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000, max: 100_000 }),
        fc.constantFrom<'long' | 'short' | 'flat'>('long', 'short', 'flat'),
        fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: undefined }),
        (heldSteps, wanted, quantitySteps) => {
          const held = Number((heldSteps * step).toFixed(5));
          const alert = target(wanted, quantitySteps === undefined ? {} : { quantity: Number((quantitySteps * step).toFixed(5)) });
          const first = plan(alert, held === 0 ? [] : btc(held));
          if (!first.ok) {
            // Refused for its size (below the $10 minimum), or nothing to send: then the position is unchanged.
            expect(['ALREADY_AT_TARGET', 'BELOW_MINIMUM_NOTIONAL', 'ZERO_SIZE']).toContain(first.code);
            return;
          }
          const after = Number((held + (first.plan.isBuy ? 1 : -1) * Number(first.plan.size)).toFixed(5));
          const second = plan(alert, after === 0 ? [] : btc(after));
          expect(second).toMatchObject({ ok: false, code: 'ALREADY_AT_TARGET' });
        },
      ),
      { seed: 2829, numRuns: 500 },
    );
  });
});
