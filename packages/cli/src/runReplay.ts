import { stateAsOf } from '@hyperhook/eventsourcing';
import { replayAll } from '@hyperhook/projector';
import type { Config } from './config.js';
import { openStore } from './openStore.js';
import { say } from './say.js';

/**
 * `hyperhook replay`: rebuilds every read model from the log into a fresh generation and switches
 * to it (a running projector carries on from there). `replay --until <ISO>`: prints the read
 * models as they stood at that instant, as JSON, without writing anything (auditors).
 */
export async function runReplay(config: Config, options: { until?: string; userId?: string }): Promise<void> {
  const store = await openStore(config, say, 'hyperhook-replay');
  try {
    if (options.until !== undefined) {
      const until = new Date(options.until);
      if (Number.isNaN(until.getTime())) throw new Error(`--until must be an ISO date-time; got "${options.until}"`);
      const state = await stateAsOf({ store, until, ...(options.userId !== undefined ? { userId: options.userId } : {}) });
      process.stdout.write(`${JSON.stringify(state, null, 2)}\n`);
      return;
    }
    const started = Date.now();
    const result = await replayAll({ store });
    const seconds = Math.max(0.001, (Date.now() - started) / 1000);
    say(
      `replayed ${result.events} events up to position ${result.position} into generation ${result.generation} in ${seconds.toFixed(2)} s (${Math.round(result.events / seconds)} events/s)`,
    );
    console.log(JSON.stringify({ msg: 'replayed', ...result }));
  } finally {
    await store.close();
  }
}
