import { format } from 'node:util';

/** Output captured from the console and the process's standard streams. */
export interface CapturedOutput {
  /** Everything written since the capture began. */
  text(): string;
  /** Puts the original writers back. */
  restore(): void;
}

const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

/**
 * Records whatever the process prints while it runs — console calls (vitest routes those around
 * process.stdout) and direct writes to stdout/stderr — and still passes it on, so a secret
 * printed by any component, not only the gateway's logger, is caught.
 */
export function captureProcessOutput(): CapturedOutput {
  const chunks: string[] = [];
  const restores: (() => void)[] = [];
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write;
    stream.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk));
      return (original as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof stream.write;
    restores.push(() => {
      stream.write = original;
    });
  }
  for (const method of CONSOLE_METHODS) {
    const original = console[method];
    console[method] = (...args: unknown[]) => {
      chunks.push(`${format(...args)}\n`);
      original.apply(console, args);
    };
    restores.push(() => {
      console[method] = original;
    });
  }
  return {
    text: () => chunks.join(''),
    restore: () => {
      for (const restore of restores.splice(0).reverse()) restore();
    },
  };
}
