import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMetrics } from '../../packages/api/src/testing/scrapeMetrics.js';
import { Product } from '../browser/support/product.js';

describe('hyperhook start: /metrics shows the heap of each role thread (issue 13, memory over a soak)', () => {
  const product = new Product();
  beforeAll(async () => {
    await product.start();
  }, 90_000);
  afterAll(async () => {
    await product.stop();
  });

  it('given the projector and the executor on threads of their own, when /metrics is scraped, then each thread\'s V8 heap in use is there beside the main thread\'s', async () => {
    const scrape = async () => parseMetrics(await (await fetch(`${product.url}/metrics`)).text());
    const heapOf = (samples: Awaited<ReturnType<typeof scrape>>, thread: string) => samples.find((s) => s.name === 'hyperhook_thread_heap_used_bytes' && s.labels.thread === thread)?.value ?? 0;

    // Each thread reports once it caught up, then every 5 s.
    await expect.poll(async () => Math.min(heapOf(await scrape(), 'projector'), heapOf(await scrape(), 'executor')), { timeout: 10_000 }).toBeGreaterThan(2 ** 20);
    expect((await scrape()).find((s) => s.name === 'nodejs_heap_size_used_bytes')?.value).toBeGreaterThan(2 ** 20);
  });
});
