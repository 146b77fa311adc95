import type { AccountRef, ActionBudget } from '@hyperhook/hyperliquid';
import type { HyperliquidGateway } from '../../appDeps.js';

/**
 * Each account's action budget (userRateLimit, weight 20), read at most once per `ttlMs` and as a
 * deferrable read, so showing it never takes weight an order needs. A caller waits at most
 * `waitMs` for a read in flight and gets null meanwhile; the read still fills the cache. Timed by
 * the monotonic clock (`now`, default performance.now; issue 32, point 3): by the wall clock, a
 * step back of an hour would show a budget up to 70 minutes old.
 */
export class ActionBudgetReader {
  readonly #entries = new Map<string, { at: number; value: ActionBudget }>();
  readonly #inFlight = new Map<string, Promise<ActionBudget | null>>();
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(options: { ttlMs?: number; now?: () => number } = {}) {
    this.#ttlMs = options.ttlMs ?? 10 * 60_000;
    this.#now = options.now ?? (() => performance.now());
  }

  async read(client: Pick<HyperliquidGateway, 'getActionBudget'>, account: AccountRef, waitMs = 2_000): Promise<ActionBudget | null> {
    const key = `${account.isTestnet ? 't' : 'm'}:${account.accountAddress.toLowerCase()}`;
    const cached = this.#entries.get(key);
    if (cached !== undefined && this.#now() - cached.at < this.#ttlMs) return cached.value;
    let pending = this.#inFlight.get(key);
    if (pending === undefined) {
      pending = client
        .getActionBudget(account, { priority: 'deferrable' })
        .then((value) => {
          this.#entries.set(key, { at: this.#now(), value });
          return value;
        })
        // An unreadable budget is shown as unknown; the next view asks again.
        .catch(() => null)
        .finally(() => this.#inFlight.delete(key));
      this.#inFlight.set(key, pending);
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs);
    });
    try {
      return (await Promise.race([pending, timeout])) ?? cached?.value ?? null;
    } finally {
      clearTimeout(timer);
    }
  }
}
