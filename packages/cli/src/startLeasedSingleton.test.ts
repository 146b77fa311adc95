import { randomBytes } from 'node:crypto';
import { startNatsServer, waitFor, type TestNatsServer } from '@hyperhook/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLeasedSingleton, type LeasedSingleton } from './startLeasedSingleton.js';

let server: TestNatsServer | undefined;
beforeAll(async () => {
  server = await startNatsServer(10_000, { jetstream: true });
});
afterAll(async () => {
  await server?.stop();
});

/** A process's candidate for the role, recording when its work runs. */
async function candidate(bucket: string, name: string, timeline: string[], options: { failStarts?: number } = {}) {
  let failures = options.failStarts ?? 0;
  const singleton: LeasedSingleton = await startLeasedSingleton({
    natsUrl: server?.url ?? 'nats-server did not start',
    bucket,
    role: 'projector',
    ttlMs: 2_000,
    log: () => undefined,
    async start() {
      if (failures > 0) {
        failures -= 1;
        timeline.push(`${name} failed`);
        throw new Error('the store is not there yet');
      }
      timeline.push(`${name} started`);
      return { caughtUp: Promise.resolve(), stop: async () => void timeline.push(`${name} stopped`) };
    },
  });
  return singleton;
}

describe('startLeasedSingleton: one process of the deployment runs the role, the others stand by', () => {
  it('given two processes, then exactly one runs the work; when it stops, the other takes over at once', async () => {
    const bucket = `single_${randomBytes(4).toString('hex')}`;
    const timeline: string[] = [];
    const a = await candidate(bucket, 'a', timeline);
    await a.caughtUp;
    const b = await candidate(bucket, 'b', timeline);
    await b.caughtUp;
    expect([a.active(), b.active()]).toEqual([true, false]);

    await a.stop();
    await waitFor(() => b.active(), 3_000, 'the standby taking over');
    expect(timeline).toEqual(['a started', 'a stopped', 'b started']);
    await b.stop();
    expect(timeline.at(-1)).toBe('b stopped');
  });

  it('given work that fails to start, then the lease is given up and the start tried again, without two runs at once', async () => {
    const bucket = `single_${randomBytes(4).toString('hex')}`;
    const timeline: string[] = [];
    const a = await candidate(bucket, 'a', timeline, { failStarts: 1 });
    await waitFor(() => timeline.includes('a started'), 5_000, 'a second start');
    expect(timeline).toEqual(['a failed', 'a started']);
    expect(a.active()).toBe(true);
    await a.stop();
  });
});
