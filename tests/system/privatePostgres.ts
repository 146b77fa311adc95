import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './harness.js';

/** A PostgreSQL server of one test's own, which it may crash and restart without touching the machine's. */
export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  readonly url: string;
  /** Stops the server as a crash would (`pg_ctl stop -m immediate`: no checkpoint, crash recovery on start), waits `downMs`, starts it again. */
  restart(downMs: number): Promise<void>;
  stop(): void;
}

/** Debian's server binaries (`/usr/lib/postgresql/<version>/bin`), newest first. */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const [newest] = versions;
  if (newest === undefined) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)');
  return join(root, newest, 'bin');
}

/**
 * initdb into a temporary directory and starts the server on a free port (trust auth, loopback
 * only, fsync on as in production). PostgreSQL refuses to run as root, so as root it runs as the
 * `postgres` user Debian's package creates.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'hyperhook-pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const owner = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const group = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, owner, group);
    chmodSync(dir, 0o700);
  }
  const run = (command: string, args: readonly string[]) => {
    const full = join(bin, command);
    const result = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { encoding: 'utf8' })
      : spawnSync(full, [...args], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}${result.stdout}`);
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '30',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
      'start',
    ]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart(downMs) {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      await new Promise((resolve) => setTimeout(resolve, downMs));
      start();
    },
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
