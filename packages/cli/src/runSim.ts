import { loadSimSeed, startSimulator, type SimulatorOptions } from '@hyperhook/venue-sim';
import { onShutdown } from './onShutdown.js';
import { say } from './say.js';

/**
 * `hyperhook sim --port N [--seed-file f.json] [--ip-weight-per-minute N|off]`: the strict
 * Hyperliquid simulator as a process, driven over HTTP (/info, /exchange, /control/*) and WebSocket
 * (/ws). Prints `{"msg":"ready","url":…}` on stdout.
 */
export async function runSim(options: { port: number; seedFile?: string; host?: string; ipWeightPerMinute?: number | null }): Promise<void> {
  const seed: SimulatorOptions = options.seedFile !== undefined ? await loadSimSeed(options.seedFile) : {};
  const sim = await startSimulator({
    ...seed,
    port: options.port,
    ...(options.host !== undefined ? { host: options.host } : {}),
    ...(options.ipWeightPerMinute !== undefined ? { ipWeightPerMinute: options.ipWeightPerMinute } : {}),
  });
  onShutdown(() => sim.close(), say);
  say(`simulator listening on ${sim.url}`);
  console.log(JSON.stringify({ role: 'sim', msg: 'ready', url: sim.url, wsUrl: sim.wsUrl }));
}
