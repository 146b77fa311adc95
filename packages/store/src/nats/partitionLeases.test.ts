import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../testing/helpers.js';
import { startPartitionLeases, type PartitionLeases } from './startPartitionLeases.js';
import { startNatsServer, type TestNatsServer } from './testing/startNatsServer.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const holderScript = fileURLToPath(new URL('./testing/holdLeases.ts', import.meta.url));

let server: TestNatsServer | undefined;
beforeAll(async () => {
  server = await startNatsServer(10_000, { jetstream: true });
});
afterAll(async () => {
  await server?.stop();
});

const url = (): string => server?.url ?? 'nats-server did not start';
const bucket = (): string => `leases_${randomBytes(4).toString('hex')}`;

/** An in-process lease holder that records what it works on. */
async function holder(bucketName: string, ownerId: string, partitions: number, ttlMs = 2_000, tickMs?: number) {
  const working = new Set<number>();
  const released: string[] = [];
  const leases: PartitionLeases = await startPartitionLeases({
    servers: url(),
    bucket: bucketName,
    ownerId,
    partitions,
    ttlMs,
    ...(tickMs === undefined ? {} : { tickMs }),
    onAcquire: (partition) => void working.add(partition),
    onRelease: async (partition, reason) => {
      working.delete(partition);
      released.push(`${partition}:${reason}`);
    },
    onError: () => undefined,
  });
  return { leases, working, released };
}

describe('executor partitions by lease in a JetStream KV bucket (nats-server 2.9)', () => {
  it('given one executor, when it starts, then it holds every partition', async () => {
    const a = await holder(bucket(), 'a', 8);
    await a.leases.started;
    expect(a.leases.held()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect([...a.working].sort((x, y) => x - y)).toEqual(a.leases.held());
    await a.leases.stop();
    expect(a.working.size).toBe(0);
  });

  it('given one executor holding all, when a second joins, then they settle on half each, never both on one partition', async () => {
    const name = bucket();
    const a = await holder(name, 'a', 8);
    await a.leases.started;
    const b = await holder(name, 'b', 8);
    const overlaps: number[] = [];
    await waitFor(
      () => {
        for (const partition of a.working) if (b.working.has(partition)) overlaps.push(partition);
        return a.working.size === 4 && b.working.size === 4;
      },
      10_000,
      'an even split',
    );
    expect(overlaps).toEqual([]);
    expect([...a.working, ...b.working].sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(a.released.every((entry) => entry.endsWith(':rebalance'))).toBe(true);
    await Promise.all([a.leases.stop(), b.leases.stop()]);
  });

  it('given a partition given up (its work could not start), then it is free and claimed again in a later round', async () => {
    const a = await holder(bucket(), 'a', 2);
    await a.leases.started;
    await a.leases.release(1);
    expect(a.released).toEqual(['1:rebalance']);
    expect(a.working.has(1)).toBe(false);
    await waitFor(() => a.working.has(1), 5_000, 'the partition claimed again');
    expect(a.leases.held()).toEqual([0, 1]);
    await a.leases.stop();
  });

  it('issue 40, point 8: given two executors on leases that outlive the test, when one stops, then the other takes its partitions: they were released, not left to expire', async () => {
    // given: a minute's leases (renewed every 100 ms), which cannot expire before the takeover's
    // wait gives up; so a takeover proves the release, where timing it against the ttl proved speed.
    const name = bucket();
    const a = await holder(name, 'a', 6, 60_000, 100);
    const b = await holder(name, 'b', 6, 60_000, 100);
    await waitFor(() => a.working.size === 3 && b.working.size === 3, 10_000, 'an even split');
    const stopped = [...a.working].sort((x, y) => x - y);
    // when
    await a.leases.stop();
    // then
    expect(a.released.filter((entry) => entry.endsWith(':stop')).sort()).toEqual(stopped.map((partition) => `${partition}:stop`));
    await waitFor(() => b.working.size === 6, 10_000, 'the takeover');
    expect(b.leases.held()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(b.released).toEqual([]);
    await b.leases.stop();
  });

  it(
    'issue 40, point 8: given an executor killed with SIGKILL, then the survivor takes the partitions it held once their leases expire (default 6 s lease), giving up none of its own',
    { timeout: 60_000 },
    async () => {
      // given
      const name = bucket();
      const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', holderScript, url(), name, 'doomed', '4'], {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const childHeld = new Set<number>();
      child.stdout?.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          const change = JSON.parse(line) as { acquired?: number; released?: number };
          if (change.acquired !== undefined) childHeld.add(change.acquired);
          if (change.released !== undefined) childHeld.delete(change.released);
        }
      });
      await waitFor(() => childHeld.size === 4, 15_000, 'the child holding all four');
      const survivor = await holder(name, 'survivor', 4, 6_000);
      await waitFor(() => survivor.working.size === 2 && childHeld.size === 2, 15_000, 'an even split with the child');
      const orphaned = [...childHeld];

      // when
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGKILL');
      await exited;

      // then: the dead holder's leases expire by nats-server's clock (the bucket's max_age), which
      // no clock of this test can move (issue 40, point 8); so the takeover is waited for, with room
      // to spare over the 6 s lease, and its outcome asserted, not how long it took.
      await waitFor(() => survivor.working.size === 4, 30_000, 'the takeover');
      expect(orphaned.every((partition) => survivor.working.has(partition))).toBe(true);
      expect(survivor.leases.held()).toEqual([0, 1, 2, 3]);
      expect(survivor.released).toEqual([]);
      await survivor.leases.stop();
    },
  );
});
