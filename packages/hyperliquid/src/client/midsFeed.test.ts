import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MidsFeed } from './midsFeed.js';

/** A venue that is down: every connection is accepted and cut at once, and counted. */
async function deadVenue(): Promise<{ server: Server; url: string; attempts: () => number }> {
  let attempts = 0;
  const server = createServer((socket) => {
    attempts += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, url: `ws://127.0.0.1:${port}/ws`, attempts: () => attempts };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('MidsFeed: closing while the venue is down', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  });

  it('given the venue down, so the socket waits between reconnection attempts and the feed has restarted it after subscribe timeouts, when the feed closes, then it resolves and no connection is tried again (a loop left running kept the executor thread, and so `hyperhook start`, from exiting)', async () => {
    // given
    const venue = await deadVenue();
    server = venue.server;
    const feed = new MidsFeed({ url: venue.url, isTestnet: true, timeoutMs: 300, restartDelayMs: 50 });
    feed.start();
    await wait(1_500); // several attempts, and at least two restarts of the transport
    expect(venue.attempts()).toBeGreaterThanOrEqual(3);
    // when
    await feed.close();
    // A connection begun just before the close may still reach the venue: counted once it has landed.
    await wait(100);
    const attemptsAtClose = venue.attempts();
    // then: a reconnection loop still running would try again, several times, within its backoff (150 ms doubling)
    await wait(2_500);
    expect(venue.attempts()).toBe(attemptsAtClose);
    expect(feed.stats().live).toBe(false);
  });
});
