import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, Socket } from 'node:net';

/** A nats-server started for a test. */
export interface TestNatsServer {
  /** `nats://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  /** What the server wrote so far (for failure messages). */
  output(): string;
  /** Stops the server (SIGTERM, SIGKILL after 3 s); calling it again is harmless. */
  stop(): Promise<void>;
  /**
   * Kills the server (SIGKILL, as a crash or a host going away would), waits `downMs`, and starts
   * it again on the same port with the same JetStream directory, as a supervisor brings it back.
   */
  restart(downMs: number): Promise<void>;
}

/** Where the binary is looked for: $NATS_SERVER_BIN, then Debian's path, then the usual others. */
const CANDIDATES = [process.env.NATS_SERVER_BIN, '/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'];

/** The nats-server binary; throws (so the test fails, never skips) when none is installed. */
export function natsServerBinary(): string {
  const found = CANDIDATES.find((path): path is string => path !== undefined && path !== '' && existsSync(path));
  if (found === undefined) {
    throw new Error(
      'nats-server is not installed (looked for $NATS_SERVER_BIN, /usr/sbin/nats-server, /usr/bin/nats-server, /usr/local/bin/nats-server). ' +
        'Install it with `apt-get install nats-server` (.ci/run does) or point NATS_SERVER_BIN at a binary.',
    );
  }
  return found;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      socket.destroy();
      resolve(false);
    });
    socket.connect(port, '127.0.0.1');
  });
}

/**
 * Starts `nats-server -a 127.0.0.1 -p <free port>` (core NATS; with `jetstream`, also `-js` on a
 * temporary store directory removed at stop) and resolves once the port accepts connections.
 * Rejects, with the server's output, if it exits or is not listening within `timeoutMs`.
 */
export async function startNatsServer(timeoutMs = 10_000, options: { readonly jetstream?: boolean } = {}): Promise<TestNatsServer> {
  const binary = natsServerBinary();
  const port = await freePort();
  const storeDir = options.jetstream ? mkdtempSync(join(tmpdir(), 'hyperhook-nats-js-')) : undefined;
  const args = ['-a', '127.0.0.1', '-p', String(port), ...(storeDir ? ['-js', '-sd', storeDir] : [])];
  let log = '';
  let running = spawnServer(binary, args, (chunk) => (log += chunk));
  let stopping: Promise<void> | undefined;
  const server: TestNatsServer = {
    url: `nats://127.0.0.1:${port}`,
    port,
    output: () => log,
    stop() {
      stopping ??= (async () => {
        const { child, exited } = running;
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
        await exited;
        clearTimeout(timer);
      })().finally(() => {
        if (storeDir) rmSync(storeDir, { recursive: true, force: true });
      });
      return stopping;
    },
    async restart(downMs) {
      running.child.kill('SIGKILL');
      await running.exited;
      await new Promise((resolve) => setTimeout(resolve, downMs));
      running = spawnServer(binary, args, (chunk) => (log += chunk));
      await listening(running, port, timeoutMs, binary, () => log);
    },
  };
  try {
    await listening(running, port, timeoutMs, binary, () => log);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

type RunningServer = { readonly child: ChildProcess; readonly exited: Promise<void>; spawnError?: Error };

function spawnServer(binary: string, args: readonly string[], onOutput: (chunk: string) => void): RunningServer {
  const child = spawn(binary, [...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.setEncoding('utf8').on('data', onOutput);
  child.stderr.setEncoding('utf8').on('data', onOutput);
  const running: RunningServer = { child, exited: new Promise<void>((resolve) => child.once('exit', () => resolve())) };
  child.once('error', (error) => (running.spawnError = error));
  return running;
}

/** Resolves once the port accepts connections; rejects, with the server's output, if it exits or is not listening within `timeoutMs`. */
async function listening(running: RunningServer, port: number, timeoutMs: number, binary: string, output: () => string): Promise<void> {
  const { child } = running;
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (running.spawnError !== undefined || child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `nats-server (${binary}) did not start on port ${port}: ${running.spawnError?.message ?? `exited ${child.exitCode ?? child.signalCode}`}\n${output()}`,
      );
    }
    if (await canConnect(port)) return;
    if (Date.now() > until) throw new Error(`nats-server (${binary}) was not listening on port ${port} within ${timeoutMs} ms\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
