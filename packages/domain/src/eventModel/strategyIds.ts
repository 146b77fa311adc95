import { z } from 'zod';

/**
 * The id of the strategy every account has from sign-up: the one the spec's single webhook URL,
 * settings and logs show. Events written before strategies existed (settings, webhook secrets and
 * signals without a `strategyId`) are this strategy's, so old history needs no rewriting.
 */
export const FIRST_STRATEGY_ID = 'main';

/** The key of the trader's main account among the venue accounts strategies trade on (issue 39, point 2). */
export const MAIN_ACCOUNT = 'main';

/** The first strategy's name until the trader renames it. */
export const FIRST_STRATEGY_NAME = 'Main';

/** Most strategies a trader may have at once (deleted ones do not count). */
export const MAX_STRATEGIES = 20;

/** A strategy id: the first strategy's, or a generated one (letters, digits, `_`, `-`). */
export const StrategyIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid strategy id');

/** A strategy's name as stored: trimmed, 1–60 characters. */
export const StrategyNameSchema = z.string().trim().min(1, 'Name is required.').max(60, 'Name must be at most 60 characters.');

/**
 * Where a strategy's orders go: `live`, the trader's Hyperliquid account; `paper`, an in-process
 * paper account filled at the venue's mid prices, which needs no keys and moves no money.
 */
export const StrategyVenueSchema = z.enum(['live', 'paper']);
/** A strategy's venue. */
export type StrategyVenue = z.infer<typeof StrategyVenueSchema>;

/** The strategy an event names, the first strategy when it names none (events older than strategies). */
export function strategyOf(data: { readonly strategyId?: string | undefined }): string {
  return data.strategyId ?? FIRST_STRATEGY_ID;
}

/** The `strategyId` field an event about `strategyId` carries: none for the first strategy, so its events read as they always did. */
export function strategyField(strategyId: string): { strategyId?: string } {
  return strategyId === FIRST_STRATEGY_ID ? {} : { strategyId };
}

/** What a paper strategy starts with when the trader names no balance (USDC). */
export const DEFAULT_PAPER_BALANCE = 10_000;

/** A paper account's starting balance in USDC: enough for the venue's $10 minimum order, at most 10 million. */
export const PaperBalanceSchema = z
  .number({ error: 'Paper balance must be a number of USDC.' })
  .finite()
  .min(100, 'Paper balance must be at least 100 USDC.')
  .max(10_000_000, 'Paper balance must be at most 10,000,000 USDC.');
