import { join } from 'node:path';
import { signalStreamId, userStreamId } from '@hyperhook/domain';
import { openSqliteStore } from '@hyperhook/store';
import { afterEach, describe, expect, it } from 'vitest';
import { SystemHarness } from '../system/harness.js';

const at = '2025-10-01T12:00:00.000Z';

/** Writes a small log for two users straight into the data dir's store file. */
async function seedLog(dataDir: string): Promise<void> {
  const store = await openSqliteStore({ file: join(dataDir, 'hyperhook.db') });
  const signedUp = (uid: string) => ({ type: 'UserSignedUp', data: { uid, email: `${uid}@example.com`, passwordHash: null, at }, metadata: { schemaVersion: 1 } });
  await store.eventStore.append(userStreamId('alice'), [signedUp('alice')]);
  await store.eventStore.append(userStreamId('bob'), [signedUp('bob')]);
  const alert = { symbol: 'BTC', coin: 'BTC', action: 'buy', orderType: 'market', size: 100 };
  for (const [signalId, userId] of [
    ['s1', 'alice'],
    ['s2', 'bob'],
    ['s3', 'alice'],
  ] as const) {
    await store.eventStore.append(signalStreamId(signalId), [
      { type: 'SignalReceived', data: { signalId, userId, receivedAt: at, rawBody: JSON.stringify(alert), alert, rejection: null }, metadata: { schemaVersion: 1 } },
    ]);
  }
  await store.close();
}

describe('hyperhook export and replay (CARD-35: auditors)', () => {
  let world: SystemHarness | undefined;
  afterEach(async () => {
    await world?.cleanup();
  });

  it('given two users\' events, when `export --user alice` runs, then stdout is NDJSON of alice\'s events only, in log order', async () => {
    world = new SystemHarness();
    await seedLog(world.dataDir);

    const exporter = world.spawnCli('export', ['export', '--user', 'alice'], world.env());
    const code = await exporter.exited;

    expect(code, exporter.output()).toBe(0);
    const streams = exporter.json.map((line) => line.streamId);
    expect(streams).toEqual(['user-alice', 'signal-s1', 'signal-s3']);
    const positions = exporter.json.map((line) => Number(line.globalPosition));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  }, 30_000);

  it('given a log, when `replay` runs, then every read model is rebuilt; and `replay --until` prints the state as of that time', async () => {
    world = new SystemHarness();
    await seedLog(world.dataDir);

    const replay = world.spawnCli('replay', ['replay'], world.env());
    const replayCode = await replay.exited;
    const asOf = world.spawnCli('replay-until', ['replay', '--until', new Date(Date.now() + 60_000).toISOString()], world.env());
    const asOfCode = await asOf.exited;

    expect(replayCode, replay.output()).toBe(0);
    expect(replay.json.find((line) => line.msg === 'replayed')).toMatchObject({ events: 5, position: 5 });
    expect(asOfCode, asOf.output()).toBe(0);
    const printed = JSON.parse(asOf.lines.filter((l) => l.startsWith('[replay-until] ')).map((l) => l.slice('[replay-until] '.length)).filter((l) => !l.startsWith('hyperhook:')).join('\n')) as { events: number; collections: Record<string, unknown[]> };
    expect(printed.events).toBe(5);
    expect(Object.keys(printed.collections).length).toBeGreaterThan(0);
  }, 30_000);
});
