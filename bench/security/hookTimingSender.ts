/**
 * The sending side of the webhook timing row, in its own process (forked by hookTiming.ts) so the
 * product's threads and this loop do not share an event loop. Sends one request at a time, the
 * classes interleaved in a shuffled order each round, and answers each request's time from write
 * to the last byte of the answer.
 *
 * The product refuses an address after 60 unknown URLs (the per-address guess budget, issue 32
 * point 4), and every request here is an unknown URL: each loopback source address (127.1.x.y,
 * all routed to lo on Linux) sends GUESSES_PER_ADDRESS of them, its first unmeasured to open the
 * connection, so no row measures a 429 or a TCP handshake.
 */
import { Agent, request } from 'node:http';
import { z } from 'zod';
import { createPrng } from '@hyperhook/venue-engine';

/** Under the budget's 60, with room for the row's own warm-up. */
const GUESSES_PER_ADDRESS = 50;

export const SenderPlanSchema = z.object({
  origin: z.string().url(),
  classes: z.array(z.object({ name: z.string(), path: z.string().startsWith('/hook/') })).min(2),
  perClass: z.number().int().positive(),
  warmup: z.number().int().nonnegative(),
});
export type SenderPlan = z.infer<typeof SenderPlanSchema>;

export type SenderResult = {
  readonly samples: Record<string, number[]>;
  readonly statuses: Record<string, Record<string, number>>;
  readonly addresses: number;
};

/** The n-th loopback source address, 127.1.0.1 onwards. */
const sourceAddress = (n: number) => `127.1.${Math.floor(n / 254) % 256}.${(n % 254) + 1}`;

function post(origin: URL, path: string, agent: Agent): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request({ host: origin.hostname, port: origin.port, method: 'POST', path, agent, headers: { 'content-type': 'text/plain' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    });
    req.on('error', reject);
    req.end('{"symbol":"BTC","action":"buy","size":"10"}');
  });
}

async function send(plan: SenderPlan): Promise<SenderResult> {
  const origin = new URL(plan.origin);
  const random = createPrng(4);
  const samples: Record<string, number[]> = Object.fromEntries(plan.classes.map((c) => [c.name, []]));
  const statuses: Record<string, Record<string, number>> = Object.fromEntries(plan.classes.map((c) => [c.name, {}]));
  let address = 0;
  let used = GUESSES_PER_ADDRESS;
  let agent: Agent | undefined;
  /** The agent of the current source address; a fresh one, its connection opened unmeasured, when the address's guesses are spent. */
  const nextAgent = async (): Promise<Agent> => {
    if (agent !== undefined && used < GUESSES_PER_ADDRESS) return agent;
    agent?.destroy();
    agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: sourceAddress(address) });
    address += 1;
    used = 1;
    await post(origin, plan.classes[0]?.path ?? '/hook/x', agent);
    return agent;
  };
  const rounds = plan.warmup + plan.perClass;
  for (let round = 0; round < rounds; round += 1) {
    const order = [...plan.classes].sort(() => random() - 0.5);
    for (const c of order) {
      const current = await nextAgent();
      used += 1;
      const { status, ms } = await post(origin, c.path, current);
      if (round < plan.warmup) continue;
      samples[c.name]?.push(ms);
      const counts = statuses[c.name] ?? {};
      counts[status] = (counts[status] ?? 0) + 1;
    }
  }
  agent?.destroy();
  return { samples, statuses, addresses: address };
}

process.once('message', (message: unknown) => {
  send(SenderPlanSchema.parse(message)).then(
    (result) => process.send?.({ result }, () => process.exit(0)),
    (error: unknown) => process.send?.({ error: error instanceof Error ? error.message : String(error) }, () => process.exit(1)),
  );
});
