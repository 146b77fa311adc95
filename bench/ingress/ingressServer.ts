// The server side of the ingress benchmark, run in its own process so the load generator does not
// share its event loop: embedded SQLite store (production default synchronous=FULL), the real
// projector following the log, and the ingress plugin. Reports its port over IPC.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify from 'fastify';
import { ingressPlugin } from '../../packages/api/src/ingress/ingressPlugin.js';
import { toNewEvent } from '../../packages/eventsourcing/src/index.js';
import { startProjector } from '../../packages/projector/src/index.js';
import { openSqliteStore, type SqliteSynchronous } from '../../packages/store/src/index.js';
import { BENCH_SECRET } from './benchSecret.js';

/** Bytes this process (its threads included) has caused to be written to disk so far; 0 where /proc is missing. */
function diskWriteBytes(): number {
  try {
    const line = readFileSync('/proc/self/io', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('write_bytes:'));
    return line ? Number(line.slice('write_bytes:'.length)) : 0;
  } catch {
    return 0;
  }
}

async function main(): Promise<void> {
  const synchronous = (process.env.BENCH_SYNC ?? 'FULL') as SqliteSynchronous;
  // BENCH_DIR puts the store elsewhere (e.g. /dev/shm, to see what the disk costs); default the OS temp dir, on disk here.
  const dir = mkdtempSync(join(process.env.BENCH_DIR ?? tmpdir(), 'hyperhook-bench-ingress-'));
  // BENCH_WRITER_THREAD=0 commits on the event loop instead of the writer thread (for comparison).
  const store = await openSqliteStore({ file: join(dir, 'store.db'), synchronous, writerThread: process.env.BENCH_WRITER_THREAD !== '0' });
  const projector = startProjector({ store, ...(process.env.BENCH_COALESCE_MS ? { coalesceMs: Number(process.env.BENCH_COALESCE_MS) } : {}) });
  const at = new Date().toISOString();
  const { lastPosition } = await store.eventStore.append('user-bench', [
    toNewEvent({ type: 'UserSignedUp', v: 1, data: { uid: 'bench', email: 'bench@example.com', passwordHash: null, at } }),
    toNewEvent({
      type: 'WebhookSecretRotated',
      v: 1,
      data: {
        secretHash: createHash('sha256').update(BENCH_SECRET).digest('hex'),
        sealedSecret: { v: 1, keyId: 'wk', iv: 'AAECAwQFBgcICQoL', ciphertext: 'c2VhbGVk', tag: 'AAECAwQFBgcICQoLDA0ODw==' },
        at,
      },
    }),
  ]);
  await projector.waitFor(lastPosition);
  // BENCH_NO_PROJECTOR=1 isolates intake from the projector sharing its event loop.
  if (process.env.BENCH_NO_PROJECTOR === '1') await projector.stop();
  const app = Fastify({ logger: false });
  // The per-webhook budget is raised: the bench measures the intake path, not the limiter's 429s.
  await app.register(ingressPlugin, { store, rateLimit: { burst: 1_000_000, perMinute: 60_000_000 } });
  // The harness floor: same process, same load, nothing behind it.
  app.post('/noop', async () => ({ success: true, data: { logId: 'noop' } }));
  // Server-side latency (Fastify's elapsedTime: request received → reply sent), without the load
  // generator's own queueing on this 2-core machine.
  let elapsed: number[] = [];
  let writtenAtReset = diskWriteBytes();
  // How long the event loop was held up: what every request on it waits behind.
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  app.addHook('onResponse', async (_request, reply) => void elapsed.push(reply.elapsedTime));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('message', (message: unknown) => {
    if (message === 'reset') {
      // Each row starts with the projector caught up, so no row pays for the one before it.
      void (async () => {
        if (process.env.BENCH_NO_PROJECTOR !== '1') await projector.waitFor(await store.eventStore.headPosition(), 60_000);
        elapsed = [];
        loopDelay.reset();
        writtenAtReset = diskWriteBytes();
        process.send?.({ ready: true });
      })();
    }
    if (message === 'stats') {
      const sorted = [...elapsed].sort((a, b) => a - b);
      const at = (q: number) => Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(2));
      const loopDelayP99 = Number((loopDelay.percentile(99) / 1e6).toFixed(2));
      const loopDelayMax = Number((loopDelay.max / 1e6).toFixed(2));
      // Disk bytes per answered request: what the WAL, the checkpoints and the projector cost the disk.
      const diskKiBPerRequest = sorted.length === 0 ? 0 : Number(((diskWriteBytes() - writtenAtReset) / 1024 / sorted.length).toFixed(1));
      process.send?.({ stats: { count: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1), loopDelayP99, loopDelayMax, diskKiBPerRequest } });
    }
    if (message !== 'stop') return;
    void (async () => {
      await app.close();
      const events = await store.eventStore.headPosition();
      await projector.stop();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
      process.send?.({ events });
      process.exit(0);
    })();
  });
}

void main();
