/**
 * Runs `close` once on SIGINT or SIGTERM, then exits 0 (1 if closing failed). A second signal
 * while closing exits at once, so an operator can always get the terminal back.
 */
export function onShutdown(close: () => Promise<void>, log: (line: string) => void): void {
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) process.exit(1);
      closing = true;
      log(`${signal} received, shutting down`);
      close().then(
        () => process.exit(0),
        (error: unknown) => {
          log(`shutdown failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
          process.exit(1);
        },
      );
    });
  }
}
