import { backoffDelayMs } from '@hyperhook/hyperliquid';
import { pause, type ExecutorContext } from './executorContext.js';

/** A read kept failing until the retry deadline: the signal fails with the exchange's message. */
export class ReadGaveUpError extends Error {
  constructor(readonly lastError: unknown) {
    super(lastError instanceof Error ? lastError.message : String(lastError));
    this.name = 'ReadGaveUpError';
  }
}

/**
 * Runs an exchange read, retrying failures with exponential backoff until `deadlineAt`. Reads
 * change nothing on the exchange, so repeating them is always safe; giving up throws
 * ReadGaveUpError carrying the last failure's text.
 */
export async function withReadRetry<T>(ctx: ExecutorContext, deadlineAt: number, read: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await read();
    } catch (error) {
      if (ctx.clock() >= deadlineAt) throw new ReadGaveUpError(error);
      ctx.log({ level: 'warn', msg: 'exchange read failed, retrying', error: error instanceof Error ? error.message : String(error), attempt });
      await pause(ctx, Math.min(backoffDelayMs(ctx.backoff, attempt), Math.max(1, deadlineAt - ctx.clock())));
    }
  }
}
