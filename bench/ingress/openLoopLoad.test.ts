import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { dueCount, openLoopLoad } from './openLoopLoad.js';

describe('open-loop schedule: request i is sent at its due time i / rate', () => {
  it('given a run at 50/s, when it starts, then the first request is due at once', () => {
    expect(dueCount(0, 50, 100)).toBe(1);
  });

  it('given a run at 50/s, when 19.9 ms and 20 ms have passed, then the second request is due at 20 ms, not one interval later', () => {
    expect(dueCount(19.9, 50, 100)).toBe(1);
    expect(dueCount(20, 50, 100)).toBe(2);
    expect(dueCount(999.9, 50, 100)).toBe(50);
  });

  it('given a run of 100 requests, when its time is long past, then no more than 100 are due', () => {
    expect(dueCount(60_000, 50, 100)).toBe(100);
  });
});

describe('open-loop run against a real server', () => {
  it('given connectVia, when a run starts, then every connection is open before the first POST is due, and each second of the run is in worstSeconds', async () => {
    // given: a node:http server that notes, per connection, whether it opened before any POST arrived
    const connectionsBeforePost: boolean[] = [];
    let posts = 0;
    const server = createServer((request, response) => {
      if (request.method === 'POST') posts += 1;
      request.resume();
      request.on('end', () => response.end('ok'));
    });
    server.on('connection', () => connectionsBeforePost.push(posts === 0));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      // when
      const result = await openLoopLoad({
        origin: `http://127.0.0.1:${port}`,
        path: '/hook',
        ratePerSecond: 100,
        durationS: 2,
        connections: 8,
        body: (i) => String(i),
        connectVia: '/healthz',
      });
      // then
      expect(result.ok).toBe(200);
      expect(connectionsBeforePost).toEqual(Array.from({ length: 8 }, () => true));
      expect(result.worstSeconds.map((w) => w.second).sort()).toEqual([0, 1]);
      expect(result.worstSeconds[0]!.max).toBeGreaterThanOrEqual(result.worstSeconds[1]!.max);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
