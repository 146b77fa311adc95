import { accountStreamId, countSignalFill, foldState, holdingOf, ledgerFold, type ParsedAlert, type SignalEvent } from '@hyperhook/domain';
import { createPrng } from '@hyperhook/venue-engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExecutorFixture, type ExecutorFixture } from './testing/executorFixture.js';
import { addLiveStrategies } from './testing/liveStrategies.js';

let fx: ExecutorFixture;
beforeEach(async () => {
  fx = await createExecutorFixture();
});
afterEach(async () => {
  await fx.close();
});

const now = () => new Date().toISOString();
const STRATEGIES = ['st_a', 'st_b', 'st_c'] as const;
type Alert = Partial<ParsedAlert> & Pick<ParsedAlert, 'coin' | 'action'>;

/** One random alert and the position its strategy would hold after it, trading alone. */
function randomAlert(random: () => number, held: number): { alert: Alert; after: number } {
  const quantity = (1 + Math.floor(random() * 5)) / 100;
  const round = (n: number) => Number(n.toFixed(2));
  switch (Math.floor(random() * 6)) {
    case 0:
      return { alert: { coin: 'ETH', action: 'buy', quantity }, after: round(held + quantity) };
    case 1:
      return { alert: { coin: 'ETH', action: 'sell', quantity }, after: round(held - quantity) };
    case 2:
      return { alert: { coin: 'ETH', action: 'close' }, after: 0 };
    case 3:
      return { alert: { coin: 'ETH', action: 'buy', target: 'long', quantity }, after: quantity };
    case 4:
      return { alert: { coin: 'ETH', action: 'sell', target: 'short', quantity }, after: -quantity };
    default:
      return { alert: { coin: 'ETH', action: 'close', target: 'flat' }, after: 0 };
  }
}

describe('property: strategies sharing a coin each hold what they would alone (issue 39, point 8)', () => {
  it.each([11, 29, 47, 83, 101])(
    'given random buy / sell / close / target alerts of three strategies on ETH (seed %i), then each strategy ends with its own position and the venue holds their sum',
    async (seed) => {
      const random = createPrng(seed);
      const user = await fx.addUser(`u-prop-${seed}`, { usdc: 100_000 });
      await addLiveStrategies(fx, user.uid, Object.fromEntries(STRATEGIES.map((id) => [id, id])));
      await fx.start({ fillBatchDelayMs: 60_000 });

      const alone: Record<string, number> = { st_a: 0, st_b: 0, st_c: 0 };
      const steps: string[] = [];
      const executions: { signalId: string; strategyId: string; filled: string; px: string }[] = [];
      for (let step = 0; step < 20; step++) {
        const strategyId = STRATEGIES[Math.floor(random() * STRATEGIES.length)] ?? 'st_a';
        const { alert, after } = randomAlert(random, alone[strategyId] ?? 0);
        const signalId = await fx.receive(user.uid, alert, now(), { strategyId });
        const events: SignalEvent[] = await fx.terminal(signalId);
        const end = events.find(
          (e) => e.type === 'SignalExecuted' || e.type === 'SignalRejected' || e.type === 'SignalFailed' || e.type === 'TargetAlreadyHeld',
        );
        const planned = events.find((e) => e.type === 'OrderPlanned');
        const plan = planned?.type === 'OrderPlanned' ? planned.data.plan : undefined;
        if (end?.type === 'SignalExecuted' && plan !== undefined && end.data.totalSz !== undefined) {
          executions.push({ signalId, strategyId, filled: plan.isBuy ? end.data.totalSz : `-${end.data.totalSz}`, px: end.data.avgPx ?? plan.price });
        }
        steps.push(
          `${strategyId} ${JSON.stringify(alert)} ${plan === undefined ? '' : `${plan.isBuy ? 'buy' : 'sell'} ${plan.size}${plan.reduceOnly ? ' reduce-only' : ''} `}→ ${end?.type}${end?.type === 'SignalRejected' || end?.type === 'SignalFailed' ? ` ${end.data.reason}` : ''}`,
        );
        // A refusal is right only where trading alone would have had nothing to do.
        if (end?.type === 'SignalExecuted' || end?.type === 'TargetAlreadyHeld') alone[strategyId] = after;
        else expect(after, steps.join('\n')).toBe(alone[strategyId]);
      }

      // The ledger as the executor plans with it: the fills the log records, and each execution's
      // answer for the fills not read from the venue yet (the fill recorder reads within its weight budget).
      const account = await fx.events(accountStreamId(user.uid));
      let ledger = foldState(ledgerFold, account);
      for (const { signalId, strategyId, filled, px } of executions)
        ledger = countSignalFill(ledger, { signalId, strategyId, coin: 'ETH', filled, px, at: now() });
      for (const strategyId of STRATEGIES)
        expect(Number(holdingOf(ledger, strategyId, 'ETH').szi), `${strategyId}\n${steps.join('\n')}`).toBeCloseTo(alone[strategyId] ?? 0, 8);
      const venue =
        (await fx.client.getAccountSnapshot({ accountAddress: user.accountAddress, isTestnet: true })).positions.find((p) => p.coin === 'ETH')?.szi ?? 0;
      expect(venue, steps.join('\n')).toBeCloseTo(
        Object.values(alone).reduce((sum, szi) => sum + szi, 0),
        8,
      );
      expect(
        account.filter((e) => e.type === 'PositionDriftReconciled'),
        steps.join('\n'),
      ).toEqual([]);
    },
  );
});
