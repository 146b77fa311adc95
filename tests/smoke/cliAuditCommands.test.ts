import { join } from 'node:path';
import { paperStreamId, REDACTED, signalStreamId, userStreamId } from '@hyperhook/domain';
import { openSqliteStore } from '@hyperhook/store';
import { afterEach, describe, expect, it } from 'vitest';
import { SystemHarness } from '../system/harness.js';

const at = '2025-10-01T12:00:00.000Z';
const ARGON2_HASH = '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA';

/** Writes a small log for two users straight into the data dir's store file. */
async function seedLog(dataDir: string): Promise<void> {
  const store = await openSqliteStore({ file: join(dataDir, 'hyperhook.db') });
  const signedUp = (uid: string) => ({
    type: 'UserSignedUp',
    data: { uid, email: `${uid}@example.com`, passwordHash: ARGON2_HASH, at },
    metadata: { schemaVersion: 1 },
  });
  const sealed = { v: 1, keyId: 'dk-alice', iv: 'aXZpdml2aXZpdml2', ciphertext: 'Y2lwaGVydGV4dA==', tag: 'dGFndGFndGFndGFn' };
  await store.eventStore.append(userStreamId('alice'), [
    signedUp('alice'),
    { type: 'WebhookSecretRotated', data: { secretHash: 'ab'.repeat(32), sealedSecret: sealed, at }, metadata: { schemaVersion: 1 } },
  ]);
  await store.eventStore.append(userStreamId('bob'), [signedUp('bob')]);
  await store.eventStore.append(paperStreamId('alice'), [
    {
      type: 'PaperFillRecorded',
      data: {
        strategyId: 'st_paper',
        epoch: 0,
        signalId: 's3',
        coin: 'BTC',
        px: '97000',
        sz: '0.001',
        side: 'B',
        time: at,
        oid: 1,
        tid: 1,
        closedPnl: '0',
        fee: '0.04',
        dir: 'Open Long',
      },
      metadata: { schemaVersion: 1 },
    },
  ]);
  const alert = { symbol: 'BTC', coin: 'BTC', action: 'buy', orderType: 'market', size: 100 };
  for (const [signalId, userId] of [
    ['s1', 'alice'],
    ['s2', 'bob'],
    ['s3', 'alice'],
  ] as const) {
    await store.eventStore.append(signalStreamId(signalId), [
      {
        type: 'SignalReceived',
        data: { signalId, userId, receivedAt: at, rawBody: JSON.stringify(alert), alert, rejection: null },
        metadata: { schemaVersion: 1 },
      },
    ]);
  }
  await store.close();
}

describe('hyperhook export and replay (CARD-35: auditors)', () => {
  let world: SystemHarness | undefined;
  afterEach(async () => {
    await world?.cleanup();
  });

  it("CARD-35, issue 31, point 3: given two users' events, when `export --user alice` runs, then stdout is NDJSON of alice's events only (her paper fills too), in log order, with no password hash or sealed secret", async () => {
    world = new SystemHarness();
    await seedLog(world.dataDir);

    const exporter = world.spawnCli('export', ['export', '--user', 'alice'], world.env());
    const code = await exporter.exited;

    expect(code, exporter.output()).toBe(0);
    const streams = exporter.json.map((line) => line.streamId);
    expect(streams).toEqual(['user-alice', 'user-alice', 'paper-alice', 'signal-s1', 'signal-s3']);
    const positions = exporter.json.map((line) => Number(line.globalPosition));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(exporter.json.slice(0, 2).map((line) => line.data)).toEqual([
      { uid: 'alice', email: 'alice@example.com', passwordHash: REDACTED, at },
      { secretHash: REDACTED, sealedSecret: REDACTED, at },
    ]);
    expect(exporter.json.every((line) => typeof line.hash === 'string' && /^[0-9a-f]{64}$/.test(line.hash))).toBe(true);
    expect(exporter.output()).not.toContain('$argon2id$');
    expect(exporter.output()).not.toContain('Y2lwaGVydGV4dA==');
  }, 30_000);

  it('given a log, when `replay` runs, then every read model is rebuilt; and `replay --until` prints the state as of that time', async () => {
    world = new SystemHarness();
    await seedLog(world.dataDir);

    const replay = world.spawnCli('replay', ['replay'], world.env());
    const replayCode = await replay.exited;
    const asOf = world.spawnCli('replay-until', ['replay', '--until', new Date(Date.now() + 60_000).toISOString()], world.env());
    const asOfCode = await asOf.exited;

    expect(replayCode, replay.output()).toBe(0);
    expect(replay.json.find((line) => line.msg === 'replayed')).toMatchObject({ events: 7, position: 7 });
    expect(asOfCode, asOf.output()).toBe(0);
    const printed = JSON.parse(
      asOf.lines
        .filter((l) => l.startsWith('[replay-until] '))
        .map((l) => l.slice('[replay-until] '.length))
        .filter((l) => !l.startsWith('hyperhook:'))
        .join('\n'),
    ) as { events: number; collections: Record<string, unknown[]> };
    expect(printed.events).toBe(7);
    expect(Object.keys(printed.collections).length).toBeGreaterThan(0);
  }, 30_000);
});
