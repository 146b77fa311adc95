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
async function holder(bucketName: string, ownerId: string, partitions: number, ttlMs = 2_000) {
  const working = new Set<number>();
  const released: string[] = [];
  const leases: PartitionLeases = await startPartitionLeases({
    servers: url(),
    bucket: bucketName,
    ownerId,
    partitions,
    ttlMs,
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
    await waitFor(() => {
      for (const partition of a.working) if (b.working.has(partition)) overlaps.push(partition);
      return a.working.size === 4 && b.working.size === 4;
    }, 10_000, 'an even split');
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

  it('given two executors, when one stops, then the other takes its partitions at once', async () => {
    const name = bucket();
    const a = await holder(name, 'a', 6);
    const b = await holder(name, 'b', 6);
    await waitFor(() => a.working.size === 3 && b.working.size === 3, 10_000, 'an even split');
    const stoppedAt = Date.now();
    await a.leases.stop();
    await waitFor(() => b.working.size === 6, 5_000, 'the takeover');
    expect(Date.now() - stoppedAt).toBeLessThan(2_000); // released, not expired (the ttl is 2 s)
    await b.leases.stop();
  });

  it('given an executor killed with SIGKILL, then the survivor holds all its partitions within 10 s (default 6 s lease)', { timeout: 30_000 }, async () => {
    const name = bucket();
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', holderScript, url(), name, 'doomed', '4'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
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

    const exited = new Promise((resolve) => child.on('exit', resolve));
    const killedAt = Date.now();
    child.kill('SIGKILL');
    await exited;
    await waitFor(() => survivor.working.size === 4, 12_000, 'the takeover');
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    expect(survivor.released).toEqual([]);
    await survivor.leases.stop();
  });
});
