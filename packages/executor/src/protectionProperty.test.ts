import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParsedAlert } from '@hyperhook/domain';
import { createExecutorFixture, type ExecutorFixture } from './testing/executorFixture.js';
import { heldOnSim } from './testing/liveStrategies.js';

/** What an alert may ask of one step besides the price: nothing, half the position closed, or an update. */
type StepAlert = 'none' | 'close50' | 'updateStop' | 'updateTakeProfits';

/** One step of a price path: the mark moves by `movePermille` ‰, the executor's clock skips `skipSeconds`, then the alert (if any) and a check. */
interface Step {
  readonly movePermille: number;
  readonly skipSeconds: number;
  readonly alert: StepAlert;
}

/** A strategy's entry (with its exits) and the path the price then takes. */
interface Scenario {
  readonly isLong: boolean;
  readonly stopPercent: number;
  readonly takeProfits: readonly { readonly offsetPercent: number; readonly percent: number }[];
  readonly trailPercent: number | undefined;
  readonly breakEven: { readonly activationPercent: number; readonly offsetPercent: number } | undefined;
  readonly steps: readonly Step[];
}

const stepArbitrary: fc.Arbitrary<Step> = fc.record({
  // Up to 3% a step: enough for a few steps to reach a take-profit or the stop, and to run a trail.
  movePermille: fc.integer({ min: -30, max: 30 }),
  // From less than the trail's 30 s rest to several of them, so the rest both holds and lapses.
  skipSeconds: fc.integer({ min: 5, max: 90 }),
  alert: fc.constantFrom<StepAlert>('none', 'none', 'none', 'none', 'close50', 'updateStop', 'updateTakeProfits'),
});

const scenarioArbitrary: fc.Arbitrary<Scenario> = fc.record({
  isLong: fc.boolean(),
  stopPercent: fc.integer({ min: 2, max: 5 }),
  // At most three of at most 33%: the parser refuses percents adding up to more than 100.
  takeProfits: fc.array(fc.record({ offsetPercent: fc.integer({ min: 1, max: 6 }), percent: fc.integer({ min: 10, max: 33 }) }), {
    minLength: 1,
    maxLength: 3,
  }),
  trailPercent: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
  breakEven: fc.option(fc.record({ activationPercent: fc.integer({ min: 1, max: 2 }), offsetPercent: fc.constantFrom(0, 0.1) }), { nil: undefined }),
  steps: fc.array(stepArbitrary, { minLength: 8, maxLength: 12 }),
});

/** The account's live ETH triggers of one kind at the venue. */
async function venueTriggers(fx: ExecutorFixture, accountAddress: string, kind: 'sl' | 'tp') {
  const open = await fx.client.getOpenOrders({ accountAddress, isTestnet: true });
  return open.filter((order) => order.coin === 'ETH' && order.isTrigger && order.tpsl === kind);
}

/** One scenario against a fresh simulator, store and executor; throws at the first step that breaks the property. */
async function runScenario(scenario: Scenario): Promise<void> {
  // The executor's clock runs with the wall clock plus what the path skips: the trail's rest and the fill reads' pacing are on it.
  let skipped = 0;
  const fx = await createExecutorFixture({ clock: () => Date.now() + skipped, venueOnClock: true });
  try {
    const user = await fx.addUser('u-property', { usdc: 50_000 });
    const executor = await fx.start();
    const now = () => new Date(Date.now() + skipped).toISOString();
    const alert = async (fields: Partial<ParsedAlert> & Pick<ParsedAlert, 'action'>) => {
      await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', ...fields }, now()));
      await executor.idle();
    };
    let mark = (await fx.client.getMids(true)).ETH ?? 0;
    const { isLong } = scenario;
    const away = (percent: number) => Math.round(mark * (1 + ((isLong ? -1 : 1) * percent) / 100));
    await alert({
      action: isLong ? 'buy' : 'sell',
      quantity: 0.1,
      stopLoss: away(scenario.stopPercent),
      takeProfits: [...scenario.takeProfits],
      ...(scenario.trailPercent !== undefined ? { trailingStop: { percent: scenario.trailPercent } } : {}),
      ...(scenario.breakEven !== undefined ? { breakEven: { ...scenario.breakEven } } : {}),
    });

    /** The tightest live stop at the previous step: the one that fires first. */
    let lastStop: number | undefined;
    const tightest = (pxs: number[]) => (isLong ? Math.max(...pxs) : Math.min(...pxs));
    const check = async (where: string) => {
      const held = Math.abs(await heldOnSim(fx, user.accountAddress, 'ETH'));
      if (held === 0) return;
      const stops = await venueTriggers(fx, user.accountAddress, 'sl');
      const takeProfits = await venueTriggers(fx, user.accountAddress, 'tp');
      const described = `${where}: position ${held}, stops ${JSON.stringify(stops.map((o) => [o.triggerPx, o.size]))}, take-profits ${JSON.stringify(takeProfits.map((o) => [o.triggerPx, o.size]))}`;
      // A live reduce-only stop on the closing side, each no larger than the position, the take-profits together no larger either.
      expect(stops.length, described).toBeGreaterThan(0);
      for (const stop of stops) {
        expect(stop.reduceOnly && stop.side === (isLong ? 'sell' : 'buy'), described).toBe(true);
        expect(stop.size, described).toBeLessThanOrEqual(held + 1e-9);
      }
      expect(
        takeProfits.reduce((sum, order) => sum + order.size, 0),
        described,
      ).toBeLessThanOrEqual(held + 1e-9);
      // A long's stop never moves down, a short's never up.
      const stop = tightest(stops.map((order) => order.triggerPx ?? Number.NaN));
      if (lastStop !== undefined) expect(isLong ? stop >= lastStop : stop <= lastStop, `${described}; the stop was ${lastStop}`).toBe(true);
      lastStop = stop;
    };
    await check('after the entry');

    for (const [i, step] of scenario.steps.entries()) {
      mark = Math.round(mark * (1 + step.movePermille / 1000));
      fx.sim.setMarkPrice('ETH', mark);
      // The mids cache is paced on the executor's clock: skipping first makes the next read fresh.
      skipped += step.skipSeconds * 1000;
      for (let tries = 0; tries < 500 && (await fx.client.getMids(true)).ETH !== mark; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await fx.client.getMids(true)).ETH).toBe(mark);
      if (step.alert === 'close50') await alert({ action: 'close', percent: 50 });
      else if (step.alert === 'updateStop' && lastStop !== undefined) {
        // An update that tightens the stop half-way to the mark: the property keeps "never loosens" for the product's own moves and for such updates.
        const tighter = Math.round((lastStop + mark) / 2);
        if (isLong ? tighter > lastStop && tighter < mark : tighter < lastStop && tighter > mark) await alert({ action: 'update', stopLoss: tighter });
      } else if (step.alert === 'updateTakeProfits') await alert({ action: 'update', takeProfits: [{ offsetPercent: 3, percent: 50 }] });
      await executor.checkProtection();
      await check(`step ${i} (mark ${mark}, ${step.alert})`);
    }
  } finally {
    await fx.close();
  }
}

// Issue 41 §5. Its findings, each fixed since: an update right after a take-profit fired, before
// its fill was read, kept a stop for the whole old position (seed 548190783, path "5"); a second
// take-profit firing within 30 s of the first's read left the stop oversized (seed -203798116, path
// "7"); a close judged drift against an account snapshot older than a recorded take-profit fill,
// and the ledger's stop later left part of the position unprotected (seed -203798116, path "18").
describe('protection on the simulator, for random price paths (issue 41 §5)', () => {
  it('given a strategy entered long or short with a stop, take-profits and maybe a trail and a break-even move, when the mark walks, the clock skips, the keeper checks and alerts close half or update, then while it holds a position a live reduce-only stop covers it, no trigger exceeds it, and the stop never loosens', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, runScenario),
      // Each run is seconds against a real simulator and store: a handful of runs, and no shrinking
      // (it would re-run dozens of them); the seed and path printed on failure reproduce it.
      { numRuns: 12, endOnFailure: true },
    );
  }, 120_000);
});
