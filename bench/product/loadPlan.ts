// The alerts of bench/product's load generator and the open-loop run that sends them, apart from
// loadGenerator.ts (a process entry that takes the first IPC message as its plan as soon as it is
// imported), so the soak's windowed generator can run the same plan in its own process.
import { openLoopLoad, type OpenLoopResult } from '../ingress/openLoopLoad.js';

/** What the bench asks the generator to send. */
export type LoadPlan = {
  readonly origin: string;
  /** Each user's webhook path; alert `i` goes to `paths[i % paths.length]`. */
  readonly paths: readonly string[];
  readonly ratePerSecond: number;
  readonly durationS: number;
  readonly connections: number;
  /** Makes every alert id unique across rows, so no alert is taken for a re-delivery. */
  readonly runId: string;
  /** Without a size, so each user's Settings size the order (a % of the balance); default with $50. */
  readonly unsized?: boolean;
};

/**
 * The alert TradingView would send: a $50 market order (or one sized by Settings). Each user's
 * alerts buy and sell in turn (`round` counts that user's alerts), so positions stay small.
 */
export function alertBody(runId: string, i: number, round: number, unsized = false): string {
  return JSON.stringify({
    symbol: 'BTCUSDT',
    action: round % 2 === 0 ? 'buy' : 'sell',
    orderType: 'market',
    ...(unsized ? {} : { size: 50 }),
    id: `${runId}-${i}`,
  });
}

export function runPlan(plan: LoadPlan): Promise<OpenLoopResult> {
  return openLoopLoad({
    origin: plan.origin,
    path: (i) => plan.paths[i % plan.paths.length] as string,
    ratePerSecond: plan.ratePerSecond,
    durationS: plan.durationS,
    connections: plan.connections,
    connectVia: '/healthz',
    headers: { 'content-type': 'text/plain' },
    body: (i) => alertBody(plan.runId, i, Math.floor(i / plan.paths.length), plan.unsized),
  });
}
