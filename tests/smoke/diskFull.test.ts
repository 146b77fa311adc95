import { statSync } from 'node:fs';
import { join } from 'node:path';
import { signalStreamId } from '@hyperhook/domain';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI_ENTRY, freePort, http, SystemHarness, type RoleProcess } from '../system/harness.js';
import { SYSTEM_TUNING, SystemStack, type StackUser } from '../system/stack.js';
import { settled } from './embeddedHistory.js';

/**
 * Issue 32, point 3: the disk fills up under a running product. Real, not mocked: `hyperhook
 * start` runs under a file-size limit (`ulimit -f`, SIGXFSZ ignored so a write past it fails with
 * EFBIG instead of killing the process), so SQLite's own writes to the database and its WAL are
 * refused by the kernel exactly as on a full disk (SQLite answers SQLITE_IOERR_WRITE for EFBIG,
 * SQLITE_FULL for ENOSPC; both are the store's StoreUnavailableError). A tmpfs would need root
 * and mount rights; the limit needs neither and binds only the spawned process.
 */

/** `hyperhook start` through sh with a file-size limit of `bytes` (rounded down to 512-byte blocks, POSIX's unit for ulimit -f). */
function startUnderFileSizeLimit(world: SystemHarness, env: NodeJS.ProcessEnv, bytes: number): RoleProcess {
  const blocks = Math.floor(bytes / 512);
  const script = `trap "" XFSZ; ulimit -f ${blocks} || exit 97; exec "$0" "$@"`;
  return world.spawn('start (limited)', 'sh', ['-c', script, process.execPath, '--conditions=source', '--import', 'tsx', CLI_ENTRY, 'start'], env);
}

/** An alert padded with trailing whitespace (still valid JSON) so each one takes room in the log: the disk fills in tens of alerts. */
function paddedAlert(n: number): string {
  return `${JSON.stringify({ symbol: 'BTCUSDT', action: 'buy', size: 10, leverage: 2, id: `fill-${n}` })}${' '.repeat(24_000)}`;
}

type Answer = { status: number; retryAfter: string | null; body: { success: boolean; error?: string; code?: string; data?: { logId?: string } } };

async function post(url: string, body: string, contentType: string, token?: string, method = 'POST'): Promise<Answer> {
  const response = await fetch(url, {
    method,
    body,
    headers: { 'content-type': contentType, ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Answer['body'] };
}

/** The signal streams the log holds, read straight from the file (the product stopped). */
function loggedSignalStreams(file: string): Set<string> {
  const db = new Database(file, { readonly: true });
  try {
    return new Set((db.prepare("SELECT DISTINCT stream_id AS s FROM events WHERE stream_id LIKE 'signal-%'").all() as { s: string }[]).map((row) => row.s));
  } finally {
    db.close();
  }
}

describe('issue 32, point 3: the disk full', () => {
  let world: SystemHarness | undefined;
  afterEach(async () => {
    await world?.cleanup();
  });

  it('given a running product with a trader, when the store can no longer grow, then writes are refused with a 503 that says why, nothing unwritten was acknowledged, the process stays up, and once space returns it carries on and verifies', async () => {
    // given: a trader onboarded on a product with room
    world = new SystemHarness();
    const stack = new SystemStack(world);
    const [simPort, apiPort] = await Promise.all([freePort(), freePort()]);
    const sim = world.spawnCli('sim', ['sim', '--port', String(simPort), '--ip-weight-per-minute', 'off'], world.env());
    stack.simUrl = String((await sim.waitForJson((line) => line.msg === 'ready')).url);
    stack.apiUrl = `http://127.0.0.1:${apiPort}`;
    const env = world.env({
      ...SYSTEM_TUNING,
      HYPERHOOK_WEBHOOK_RATE_LIMIT_BURST: '10000',
      HYPERHOOK_WEBHOOK_RATE_LIMIT_PER_MINUTE: '60000',
      HYPERLIQUID_TESTNET_API_URL: stack.simUrl,
      HYPERLIQUID_API_URL: stack.simUrl,
      PORT: String(apiPort),
      PUBLIC_URL: stack.apiUrl,
    });
    const roomy = world.spawnCli('start', ['start'], env);
    await roomy.waitForJson((line) => line.msg === 'ready');
    const trader: StackUser = await stack.onboard('trader');
    const reader = { email: 'reader@example.com', password: 'Correct-horse-9' };
    expect((await http(`${stack.apiUrl}/api/auth/signup`, { body: { ...reader, confirmPassword: reader.password } })).status).toBe(201);
    const first = await stack.alert(trader, { symbol: 'BTCUSDT', action: 'buy', size: 100, leverage: 2 });
    expect((await settled(stack.apiUrl, trader, [first]))[first]).toBe('executed');
    roomy.child.kill('SIGTERM');
    expect(await roomy.exited, roomy.output()).toBe(0);

    // when: the product runs again where files may grow only a little past the database's size
    const file = join(world.dataDir, 'hyperhook.db');
    // The database file cannot grow, so the WAL is all the room left (and a checkpoint, which would
    // have to grow the file, cannot free it): large alerts fill it, then small ones take the rest.
    const full = startUnderFileSizeLimit(world, env, statSync(file).size);
    await full.waitForJson((line) => line.msg === 'ready');
    const acknowledged: string[] = [];
    const refusals: Answer[] = [];
    const send = async (n: number, padded: boolean): Promise<boolean> => {
      const answer = await post(
        trader.webhookUrl,
        padded ? paddedAlert(n) : JSON.stringify({ symbol: 'BTCUSDT', action: 'buy', size: 10, leverage: 2, id: `small-${n}` }),
        'text/plain',
      );
      if (answer.status === 200 && answer.body.data?.logId !== undefined) acknowledged.push(answer.body.data.logId);
      else refusals.push(answer);
      return answer.status === 200;
    };
    for (let n = 0; n < 400 && refusals.length === 0; n += 1) await send(n, true);
    for (let n = 0, inARow = 0; n < 400 && inARow < 3; n += 1) inARow = (await send(n, false)) ? 0 : inARow + 1;
    const refused = refusals[0];
    const signup = await post(
      `${stack.apiUrl}/api/auth/signup`,
      JSON.stringify({ email: 'late@example.com', password: 'Correct-horse-9', confirmPassword: 'Correct-horse-9' }),
      'application/json',
    );
    const current = await http<{ data: { positionSizing: unknown; riskLimits: { maxOpenPositions: number }; trading: unknown } }>(
      `${stack.apiUrl}/api/settings`,
      { token: trader.token },
    );
    const { positionSizing, riskLimits, trading } = current.body.data;
    // A real change (the same settings again would store nothing and rightly answer 200).
    const changed = { positionSizing, riskLimits: { ...riskLimits, maxOpenPositions: riskLimits.maxOpenPositions + 1 }, trading };
    const settings = await post(`${stack.apiUrl}/api/settings`, JSON.stringify(changed), 'application/json', trader.token, 'PUT');
    const login = await post(`${stack.apiUrl}/api/auth/login`, JSON.stringify(reader), 'application/json');
    const health = await http(`${stack.apiUrl}/healthz`);
    const stillUp = full.child.exitCode === null && full.child.signalCode === null;

    // then: refused in words, with a time to come back; the trader's other writes too
    expect(refused, `no write was refused after ${acknowledged.length} alerts\n${full.output()}`).toBeDefined();
    expect(refused).toMatchObject({
      status: 503,
      retryAfter: expect.stringMatching(/^\d+$/),
      body: { success: false, code: 'STORE_UNAVAILABLE', error: expect.stringContaining('The store refused the write') },
    });
    expect(signup).toMatchObject({ status: 503, body: { success: false, error: expect.stringContaining('The store refused the write') } });
    expect(settings).toMatchObject({ status: 503, body: { success: false, error: expect.stringContaining('The store refused the write') } });
    expect(refusals.filter((answer) => answer.status !== 503)).toEqual([]);
    // signing in writes nothing: the trader can still sign in and read their history while the disk is full
    expect(login.status).toBe(200);
    // the process stays up: reads still answer, and it starts writing again on its own once space returns
    expect(stillUp, full.output()).toBe(true);
    expect(health.status).toBe(200);
    expect(full.output()).toContain('The store refused the write');

    // when: space returns (the product restarted without the limit)
    full.child.kill('SIGTERM');
    await full.exited;
    const logged = loggedSignalStreams(file);
    const again = world.spawnCli('start again', ['start'], env);
    await again.waitForJson((line) => line.msg === 'ready');
    const after = await stack.alert(trader, { symbol: 'BTCUSDT', action: 'sell', size: 100, leverage: 2, id: 'after-space-returned' });
    const outcome = (await settled(stack.apiUrl, trader, [after]))[after];
    again.child.kill('SIGTERM');
    expect(await again.exited, again.output()).toBe(0);
    const verify = world.spawnCli('verify', ['verify'], env);
    const verified = await verify.exited;

    // then: every acknowledged alert is in the log, trading resumed, and the chain verifies
    expect(acknowledged.filter((logId) => !logged.has(signalStreamId(logId)))).toEqual([]);
    expect(outcome).toBe('executed');
    expect(verified, verify.output()).toBe(0);
  }, 180_000);
});
