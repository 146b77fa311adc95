import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import type { RecordedEvent } from '../ports/events.js';
import { waitFor } from './helpers.js';
import { openStoreOfTest } from './openStoreOfTest.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const childScript = fileURLToPath(new URL('./appendFromChildProcess.ts', import.meta.url));

type ChildSummary = { childId: string; events: number; conflicts: number; startedAt: number; finishedAt: number };

type Child = { readonly ready: Promise<void>; readonly summary: Promise<ChildSummary>; go(): void };

/** Spawns one appender; it reports "ready", waits for go(), and ends with a JSON summary line. */
function spawnChild(store: string, childId: string, appends: number, shared: number): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript, store, childId, String(appends), String(shared)], {
    cwd: repoRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (stdout.startsWith('ready\n')) markReady();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const summary = new Promise<ChildSummary>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(stdout.split('\n').filter(Boolean).at(-1) ?? '') as ChildSummary)
        : reject(new Error(`child ${childId} exited ${code}: ${stderr}`)),
    );
  });
  return { ready: Promise.race([ready, summary.then(() => undefined)]), summary, go: () => child.stdin.end('go\n') };
}

/**
 * Three processes append at once (their own streams and one contended stream) while this one
 * subscribes: every event must arrive once, in global order, positions 1..N, with gapless stream
 * versions. `store` names the store as openStoreOfTest reads it; the parent is woken by
 * polling (and whatever notices the adapter sends between processes).
 */
export function itAppendsFromSeveralProcesses(store: () => string): void {
  it(
    'given 3 child processes appending concurrently, when the parent subscribes, then every event arrives once, in global order, with gapless stream versions',
    { timeout: 60_000 },
    async () => {
      // Given: the store exists and the parent is subscribed
      const parent = await openStoreOfTest(store(), { pollIntervalMs: 10 });
      const received: RecordedEvent[] = [];
      const subscription = parent.eventStore.subscribeToAll({ fromPosition: 0, maxBatchSize: 100, onEvent: (e) => void received.push(e) });
      await subscription.caughtUp;

      // When: three processes append at the same time, to their own streams and to one contended stream
      const children = ['1', '2', '3'].map((id) => spawnChild(store(), id, 150, 30));
      await Promise.all(children.map((child) => child.ready));
      for (const child of children) child.go();
      const summaries = await Promise.all(children.map((child) => child.summary));
      const total = summaries.reduce((n, s) => n + s.events, 0);
      await waitFor(() => received.length >= total, 15_000, `${total} events`);
      // A later event of the parent's bounds the wait: the subscription delivers in global order, so
      // a late or repeated delivery of the children's events would arrive before it.
      const last = await parent.eventStore.append('after-the-children', [{ type: 'AfterTheChildren', data: {} }]);
      await waitFor(() => received.some((e) => e.streamId === 'after-the-children'), 15_000, 'the later event');
      await subscription.stop();
      expect(received.at(-1)?.globalPosition).toBe(last.lastPosition);
      const after = received.pop() as RecordedEvent;

      // Then: exactly once, in global order, positions 1..N
      expect(last.lastPosition).toBe(total + 1);
      expect(received).toHaveLength(total);
      expect(received.map((e) => e.globalPosition)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
      const keys = received.map((e) => `${(e.data as { child: string }).child}/${(e.data as { seq: number }).seq}`);
      expect(new Set(keys).size).toBe(total);
      for (const summary of summaries) {
        const seqs = received.filter((e) => (e.data as { child: string }).child === summary.childId).map((e) => (e.data as { seq: number }).seq);
        expect(seqs).toEqual(Array.from({ length: summary.events }, (_, i) => i)); // each child's own order is kept
      }
      // and every stream's versions are gapless, including the one all three fought over
      const byStream = new Map<string, RecordedEvent[]>();
      for (const event of received) byStream.set(event.streamId, [...(byStream.get(event.streamId) ?? []), event]);
      for (const [, events] of byStream) expect(events.map((e) => e.streamVersion)).toEqual(events.map((_, i) => i));
      expect(byStream.get('shared')).toHaveLength(90);
      expect(await parent.eventStore.readAll({ maxCount: 10_000 })).toEqual([...received, after]);
      // and the writers really ran at the same time (the barrier released them together)
      expect(Math.max(...summaries.map((s) => s.startedAt))).toBeLessThan(Math.min(...summaries.map((s) => s.finishedAt)));
      await parent.close();
    },
  );
}
