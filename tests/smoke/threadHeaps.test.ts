import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMetrics } from '../../packages/api/src/testing/scrapeMetrics.js';
import { Product } from '../browser/support/product.js';

describe('hyperhook start: /metrics shows the heap of each thread (issue 13, memory over a soak)', () => {
  const product = new Product();
  beforeAll(async () => {
    await product.start();
  }, 90_000);
  afterAll(async () => {
    await product.stop();
  });

  it("given the projector, the executor and the store's writer on threads of their own, when /metrics is scraped, then each thread's V8 heap, in use and in the pages it holds, is there beside the main thread's", async () => {
    const scrape = async () => parseMetrics(await (await fetch(`${product.url}/metrics`)).text());
    const gauge = (samples: Awaited<ReturnType<typeof scrape>>, name: string, thread: string) =>
      samples.find((s) => s.name === name && s.labels.thread === thread)?.value ?? 0;
    const threads = ['projector', 'executor', 'write'];
    const least = (samples: Awaited<ReturnType<typeof scrape>>, name: string) => Math.min(...threads.map((thread) => gauge(samples, name, thread)));

    // Each thread reports every 5 s (the role threads also once they caught up); the writer starts with the first write (sign-ups, checkpoints).
    await expect.poll(async () => least(await scrape(), 'hyperhook_thread_heap_used_bytes'), { timeout: 15_000 }).toBeGreaterThan(2 ** 20);
    const samples = await scrape();
    expect(least(samples, 'hyperhook_thread_heap_physical_bytes')).toBeGreaterThan(2 ** 20);
    expect(samples.find((s) => s.name === 'nodejs_heap_size_used_bytes')?.value).toBeGreaterThan(2 ** 20);
  });
});
