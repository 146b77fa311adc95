import { type FailedOutcome, isFailedOutcome, transientError } from './exchangeOutcome.js';
import { outcomeFromError } from './toExchangeOutcome.js';

/**
 * Thrown by the client's reads (`/info`) when the venue cannot answer. Carries the failure as an
 * outcome so callers handle reads and writes alike (`transient` says whether to try again).
 */
export class HyperliquidReadError extends Error {
  /** The failure, with the venue's text when it answered. */
  readonly outcome: FailedOutcome;

  constructor(what: string, outcome: FailedOutcome) {
    super(`Could not read ${what} from Hyperliquid: ${outcome.message}`);
    this.name = 'HyperliquidReadError';
    this.outcome = outcome;
  }
}

/** Runs a read, turning any venue or network failure into a {@link HyperliquidReadError}. */
export async function read<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const outcome = await outcomeFromError(error, 'info');
    throw new HyperliquidReadError(
      what,
      isFailedOutcome(outcome) ? outcome : transientError({ reason: 'unreadableResponse', message: 'unexpected answer', stage: 'venue' }),
    );
  }
}
