import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPartitionLeases } from './startPartitionLeases.js';
import { startNatsServer, type TestNatsServer } from './testing/startNatsServer.js';

const HOUR = 3_600_000;
const TTL_MS = 2_000;

let server: TestNatsServer | undefined;
beforeAll(async () => {
  server = await startNatsServer(10_000, { jetstream: true });
});
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * A lease holder on a monotonic clock the test moves (`skip`), which also tells when the leases
 * have consulted it `times` more times: rounds are counted, not waited for by the clock.
 */
async function holder() {
  let skipped = 0;
  let consulted = 0;
  const waiters: { at: number; resolve: () => void }[] = [];
  const released: string[] = [];
  const leases = await startPartitionLeases({
    servers: server?.url ?? 'nats-server did not start',
    bucket: `leases_${randomBytes(4).toString('hex')}`,
    ownerId: 'a',
    partitions: 2,
    ttlMs: TTL_MS,
    tickMs: 100,
    elapsed: () => {
      consulted += 1;
      for (const waiter of waiters.filter((w) => consulted >= w.at)) waiter.resolve();
      return performance.now() + skipped;
    },
    onAcquire: () => undefined,
    onRelease: async (partition, reason) => void released.push(`${partition}:${reason}`),
    onError: () => undefined,
  });
  await leases.started;
  return {
    leases,
    released,
    skip: (ms: number) => void (skipped += ms),
    consulted: (times: number) => new Promise<void>((resolve) => waiters.push({ at: consulted + times, resolve })),
  };
}

/** Waits for a few rounds of renewals (each renewal of a lease consults the clock twice). */
async function rounds(h: Awaited<ReturnType<typeof holder>>, count: number, until: () => boolean = () => false): Promise<void> {
  for (let i = 0; i < count && !until(); i += 1) await h.consulted(4);
}

describe('partition leases when the wall clock jumps (issue 32, point 3)', () => {
  it(
    'issue 32, point 3: given leases held and the wall clock set forward an hour, when renewals go on, then no lease is given up',
    { timeout: 20_000 },
    async () => {
      // given
      const h = await holder();
      expect(h.leases.held()).toEqual([0, 1]);
      // when
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + HOUR });
      await rounds(h, 3);
      // then
      expect(h.released).toEqual([]);
      expect(h.leases.held()).toEqual([0, 1]);
      vi.useRealTimers();
      await h.leases.stop();
    },
  );

  it(
    'issue 32, point 3: given the wall clock set back an hour, when the process stalls past the lease’s safe age, then the lease is still given up as lost (another executor may hold it)',
    { timeout: 20_000 },
    async () => {
      // given
      const h = await holder();
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - HOUR });
      // when
      h.skip(TTL_MS);
      await rounds(h, 5, () => h.released.length === 2);
      // then
      expect(h.released.sort()).toEqual(['0:lost', '1:lost']);
      vi.useRealTimers();
      await h.leases.stop();
    },
  );
});
