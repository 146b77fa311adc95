import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { AppDeps } from './appDeps.js';

/** A listening gateway. */
export interface RunningServer {
  readonly app: FastifyInstance;
  /** The bound address, e.g. http://127.0.0.1:8080. */
  readonly url: string;
  /**
   * Graceful shutdown: stop accepting connections, let in-flight requests finish (Fastify's close
   * waits for them), then close the store so no write is cut in half. Idempotent.
   */
  close(): Promise<void>;
}

/** Options of {@link startServer}. */
export interface StartServerOptions {
  readonly port: number;
  /** Default 0.0.0.0. */
  readonly host?: string;
  /** Install SIGTERM/SIGINT handlers that run close() (default true; tests pass false). */
  readonly handleSignals?: boolean;
  /** How long in-flight requests may take to finish before their connections are cut, default 10 000 ms. */
  readonly drainTimeoutMs?: number;
  /** Extra work after the listener closed and before the store closes (e.g. stop the projector). */
  readonly beforeStoreClose?: () => Promise<void>;
}

/** Builds the app and listens (fastify/demo's server.ts). */
export async function startServer(deps: AppDeps, options: StartServerOptions): Promise<RunningServer> {
  const app = await buildApp(deps);
  const url = await app.listen({ port: options.port, host: options.host ?? '0.0.0.0' });
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      // Fastify's close stops accepting, then waits for every open connection. Keep-alive
      // connections become idle only once their in-flight request is answered, so they are
      // reaped as they go idle; whatever is still open after the drain timeout is cut.
      const reaper = setInterval(() => app.server.closeIdleConnections(), 50);
      const deadline = setTimeout(() => app.server.closeAllConnections(), options.drainTimeoutMs ?? 10_000);
      try {
        await app.close();
      } finally {
        clearInterval(reaper);
        clearTimeout(deadline);
      }
      await options.beforeStoreClose?.();
      await deps.store.close();
    })();
    return closing;
  };
  if (options.handleSignals ?? true) {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        app.log.info({ signal }, 'shutting down');
        close().then(
          () => process.exit(0),
          (error: unknown) => {
            app.log.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
      });
    }
  }
  return { app, url, close };
}
