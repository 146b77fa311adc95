// The load generator of bench/product, in a process of its own so the product and the generator
// never share an event loop: alerts due at a constant rate (open loop), latency from each one's due time.
import { runPlan, type LoadPlan } from './loadPlan.js';

export type { LoadPlan } from './loadPlan.js';

if (process.send !== undefined) {
  process.once('message', (plan: LoadPlan) => {
    const cpuBefore = process.cpuUsage();
    runPlan(plan).then(
      (result) => {
        // The generator shares the machine's cores with the product: its own CPU is part of the picture.
        const { user, system } = process.cpuUsage(cpuBefore);
        process.send?.({ result, cpuMs: (user + system) / 1000 }, () => process.exit(0));
      },
      (error: unknown) => process.send?.({ error: String(error) }, () => process.exit(1)),
    );
  });
}
