import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNatsServer, type TestNatsServer } from '@hyperhook/store/testing';

/** The repository root (tests/system/ is two levels down). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The CLI entry run from TypeScript sources, as the system tier runs every role. */
/**
 * How long a process may take to print a line waited for: a bound on liveness, not on speed. It
 * takes 3 s on a quiet machine; with three products, their simulators and browsers sharing two
 * cores on a busy host, a start that catches up on a restored or migrated store took over 30 s.
 */
export const READY_WITHIN_MS = 60_000;

export const CLI_ENTRY = join(REPO_ROOT, 'packages', 'cli', 'src', 'main.ts');

/** A free TCP port on 127.0.0.1 (bound then released; the OS will not hand it out again at once). */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** Polls `check` until it returns a value other than undefined/false, or throws after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 15_000,
  intervalMs = 25,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > until) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${lastError instanceof Error ? ` (last error: ${lastError.message})` : ''}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** A spawned role with its captured output. */
export interface RoleProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** Every stdout and stderr line so far, in arrival order. */
  readonly lines: string[];
  /** Lines of stdout that are JSON objects, parsed. */
  readonly json: Record<string, unknown>[];
  /** Resolves with the exit code (or the signal name) once the process ended. */
  readonly exited: Promise<number | string>;
  /** Waits for a stdout JSON line matching `match`. */
  waitForJson(match: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** The captured output, for failure messages. */
  output(): string;
}

/**
 * One system test's world: a temp data directory, a shared master key, and every process it
 * spawned. `cleanup` kills whatever is still running (SIGTERM, then SIGKILL) and removes the
 * directory, so a failing test never leaves processes behind.
 */
export class SystemHarness {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'hyperhook-system-'));
  /** One master key for every role (they must all open the same sealed keys). */
  readonly masterKey = randomBytes(32).toString('base64');
  readonly processes: RoleProcess[] = [];
  /** Servers the roles depend on (nats-server), stopped after the roles. */
  readonly #services: TestNatsServer[] = [];

  /** The environment every role gets. */
  env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return { ...process.env, HYPERHOOK_DATA_DIR: this.dataDir, HYPERHOOK_MASTER_KEY: this.masterKey, NODE_ENV: 'test', ...extra };
  }

  /**
   * Starts a real nats-server on a free port (core NATS, as the cluster deployment uses it for
   * change notices); fails, never skips, when the binary is missing. Stopped by `cleanup`.
   */
  async startNats(): Promise<TestNatsServer> {
    // With JetStream: executors without --partition hold their partitions by lease in its KV store.
    const server = await startNatsServer(10_000, { jetstream: true });
    this.#services.push(server);
    return server;
  }

  /** Spawns `hyperhook <args>` from the TypeScript sources. */
  spawnCli(name: string, args: readonly string[], env: NodeJS.ProcessEnv): RoleProcess {
    return this.spawn(name, process.execPath, ['--conditions=source', '--import', 'tsx', CLI_ENTRY, ...args], env);
  }

  /**
   * Spawns any command with output capture. `keepStdoutLine` keeps only the stdout lines it
   * accepts (a benchmark's harness must not spend a core parsing every access-log line it does
   * not need); stderr is always kept.
   */
  spawn(
    name: string,
    command: string,
    args: readonly string[],
    env: NodeJS.ProcessEnv,
    options: { readonly keepStdoutLine?: (line: string) => boolean } = {},
  ): RoleProcess {
    const child = spawn(command, [...args], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    const json: Record<string, unknown>[] = [];
    const listeners = new Set<() => void>();
    const feed = (stream: NodeJS.ReadableStream | null, isStdout: boolean) => {
      let buffer = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        const complete = (buffer + chunk).split('\n');
        buffer = complete.pop() ?? '';
        for (const line of complete) {
          if (isStdout && options.keepStdoutLine !== undefined && !options.keepStdoutLine(line)) continue;
          lines.push(`[${name}] ${line}`);
          if (isStdout && line.startsWith('{')) {
            try {
              json.push(JSON.parse(line) as Record<string, unknown>);
            } catch {
              // not JSON after all: kept in `lines` only
            }
          }
        }
        for (const listener of listeners) listener();
      });
    };
    feed(child.stdout, true);
    feed(child.stderr, false);
    const exited = new Promise<number | string>((resolveExit) => child.once('exit', (code, signal) => resolveExit(code ?? signal ?? 'unknown')));
    const role: RoleProcess = {
      name,
      child,
      lines,
      json,
      exited,
      output: () => lines.slice(-80).join('\n'),
      waitForJson: (match, timeoutMs = READY_WITHIN_MS) =>
        new Promise((resolveLine, reject) => {
          const check = () => {
            const found = json.find(match);
            if (found !== undefined) {
              clearTimeout(timer);
              listeners.delete(check);
              resolveLine(found);
            }
          };
          const timer = setTimeout(() => {
            listeners.delete(check);
            reject(new Error(`${name}: no matching line within ${timeoutMs} ms\n${role.output()}`));
          }, timeoutMs);
          listeners.add(check);
          void exited.then(() => {
            if (listeners.has(check)) {
              listeners.delete(check);
              clearTimeout(timer);
              reject(new Error(`${name} exited before the expected line\n${role.output()}`));
            }
          });
          check();
        }),
    };
    this.processes.push(role);
    return role;
  }

  /** Kills one process at once (no shutdown), as a crash would. */
  async kill9(role: RoleProcess): Promise<void> {
    role.child.kill('SIGKILL');
    await role.exited;
  }

  /** Stops every role, then the services they use, and removes the data directory. */
  async cleanup(): Promise<void> {
    await Promise.all(
      this.processes.map(async (role) => {
        if (role.child.exitCode !== null || role.child.signalCode !== null) return;
        role.child.kill('SIGTERM');
        const timer = setTimeout(() => role.child.kill('SIGKILL'), 3_000);
        await role.exited;
        clearTimeout(timer);
      }),
    );
    await Promise.all(this.#services.map((service) => service.stop()));
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** Sends a JSON request and returns the parsed JSON answer with its status. */
export async function http<T = unknown>(
  url: string,
  init: { method?: string; body?: unknown; token?: string; contentType?: string } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = init.contentType ?? 'application/json';
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body !== undefined ? { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) } : {}),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // plain text answer
  }
  return { status: response.status, body: body as T };
}
