// The soak's load generator: bench/product's open-loop plan (runPlan), run back to back in windows
// of the sampling interval in a process of its own. One plan of 30 minutes would answer with one
// latency figure at the end; a window each answers as it ends, so every sample carries the ack
// latency of its own interval and a slow drift shows as a slope instead of vanishing in a p99.
import type { OpenLoopResult } from '../ingress/openLoopLoad.js';
import { runPlan, type LoadPlan } from '../product/loadPlan.js';
import { balancedPaths } from './balancedPaths.js';

/** What the soak asks for: `windows` plans of `windowS` seconds, window k due at `startAt + k × windowS` (epoch ms). */
export type WindowedLoad = {
  readonly plan: Omit<LoadPlan, 'durationS' | 'runId' | 'paths'>;
  readonly userPaths: readonly string[];
  readonly runId: string;
  readonly windowS: number;
  readonly windows: number;
  readonly startAt: number;
};

/** `ready` once loaded, then one window's answer as each ends, then `done` (or `error`). */
export type WindowMessage =
  | { readonly ready: true }
  | { readonly window: number; readonly result: OpenLoopResult; readonly cpuMs: number }
  | { readonly done: true }
  | { readonly error: string };

async function runWindows(load: WindowedLoad, send: (message: WindowMessage) => void): Promise<void> {
  const paths = balancedPaths(load.userPaths, Math.round(load.plan.ratePerSecond * load.windowS));
  for (let window = 0; window < load.windows; window += 1) {
    // Each window starts on the wall clock the soak samples on, not after the last one's answers:
    // a slow tail delays one window's start a little and never shifts the ones after it.
    const wait = load.startAt + window * load.windowS * 1000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const cpuBefore = process.cpuUsage();
    const result = await runPlan({ ...load.plan, paths, durationS: load.windowS, runId: `${load.runId}w${window}` });
    const { user, system } = process.cpuUsage(cpuBefore);
    send({ window, result, cpuMs: (user + system) / 1000 });
  }
}

if (process.send !== undefined) {
  const send = (message: WindowMessage, then: () => void = () => undefined) => process.send?.(message, then);
  process.once('message', (load: WindowedLoad) => {
    runWindows(load, send).then(
      () => send({ done: true }, () => process.exit(0)),
      (error: unknown) => send({ error: String(error) }, () => process.exit(1)),
    );
  });
  // Loaded (tsx compiles on import, a second or two on a busy machine): the soak picks the start time only now.
  send({ ready: true });
}
