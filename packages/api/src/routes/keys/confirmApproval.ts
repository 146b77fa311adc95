import { credentialsDecider } from '@hyperhook/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps, HyperliquidGateway } from '../../appDeps.js';
import { awaitProjection } from '../../commands/awaitProjection.js';
import { handleUserCommand } from '../../commands/handleUserCommand.js';

/** The wallet a save left unconfirmed. */
export interface UnconfirmedWallet {
  readonly uid: string;
  readonly apiWalletAddress: string;
  readonly accountAddress: string;
  readonly isTestnet: boolean;
}

/** Tries before an unanswered check is left `checking`: each waits what the venue or the budget asked (5 s when neither said). */
export const CONFIRM_ATTEMPTS = 12;
/**
 * The part of the venue's minute a confirmation starts in, at most, once it has settled: past it,
 * it waits for the window to slide. A burst of new traders saves keys and sends first alerts
 * within seconds, and their alerts' account reads need that room more than a check nothing waits for.
 */
export const CONFIRM_BELOW_SHARE = 0.25;
/** How long after the save a confirmation waits before it looks at the budget at all (AppConfig.keyCheckSettleMs). */
export const DEFAULT_CONFIRM_SETTLE_MS = 10_000;
/** How long a confirmation waits for that room before asking anyway (the meter still keeps it in its share). */
export const CONFIRM_ROOM_WAIT_MS = 120_000;
const ROOM_POLL_MS = 2_000;

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * Asks the venue, after the save answered, whether an unnamed API wallet is approved for the
 * account (issue 42, point 2: a save of one costs what a named one does), and records the answer
 * (CredentialsChecked): approved, or the same message the save gave before (another account's
 * wallet, a main account's key, a wallet never approved). It starts 10 s after the save, once the
 * venue's minute is at most a quarter used, so the first alerts of traders who just saved keys
 * find their room; a busy budget or an unreachable venue is asked again, a few times. No alert
 * waits for any of it.
 */
export async function confirmApproval(
  deps: Pick<AppDeps, 'store' | 'clock' | 'config' | 'projection'> & { readonly exchange: Pick<HyperliquidGateway, 'confirmAgentKey' | 'budget'> },
  log: FastifyBaseLogger,
  wallet: UnconfirmedWallet,
): Promise<void> {
  const settle = deps.config.keyCheckSettleMs ?? DEFAULT_CONFIRM_SETTLE_MS;
  if (settle > 0) await sleep(settle);
  for (let waited = 0; waited < CONFIRM_ROOM_WAIT_MS; waited += ROOM_POLL_MS) {
    const { used, budget } = deps.exchange.budget(wallet.isTestnet);
    if (used <= budget * CONFIRM_BELOW_SHARE) break;
    await sleep(ROOM_POLL_MS);
  }
  for (let attempt = 1; attempt <= CONFIRM_ATTEMPTS; attempt += 1) {
    const check = await deps.exchange.confirmAgentKey(wallet);
    if (check.ok || !check.transient) {
      const outcome = await handleUserCommand(deps.store.eventStore, wallet.uid, credentialsDecider, {
        type: 'RecordCredentialsCheck',
        apiWalletAddress: wallet.apiWalletAddress,
        approved: check.ok,
        problem: check.ok ? null : check.problem,
        message: check.ok ? null : check.message,
        at: deps.clock().toISOString(),
      });
      // Done once the key summary says so: until then a read of the keys still finds it checking.
      await awaitProjection(deps, log, outcome.position);
      return;
    }
    // The meter already held the request up to its own limit: wait what it or the venue asked, then ask again.
    await sleep(Math.max(1_000, check.retryAfterMs ?? 5_000));
  }
  log.warn({ attempts: CONFIRM_ATTEMPTS }, 'API wallet approval left unconfirmed: the venue did not answer');
}

/** The checks running in this process, per app: a trader's visits while one runs start no other. */
const running = new WeakMap<object, Set<string>>();

/**
 * Runs confirmApproval in the background unless this process is already checking that wallet. The
 * save starts it; reading the keys starts it again for a wallet still `checking` that no check here
 * runs for, as after a restart, or once its tries ran out while the venue did not answer. A check
 * counts as running until the key summary shows its answer, so a read in between starts no other.
 */
export function checkApprovalInBackground(
  deps: Pick<AppDeps, 'store' | 'clock' | 'config' | 'projection'> & { readonly exchange: Pick<HyperliquidGateway, 'confirmAgentKey' | 'budget'> },
  log: FastifyBaseLogger,
  wallet: UnconfirmedWallet,
): void {
  const checks = running.get(deps.store) ?? new Set<string>();
  running.set(deps.store, checks);
  const key = `${wallet.uid} ${wallet.apiWalletAddress.toLowerCase()}`;
  if (checks.has(key)) return;
  checks.add(key);
  void confirmApproval(deps, log, wallet)
    .catch((error: unknown) => log.error({ err: error }, 'API wallet approval check failed'))
    .finally(() => checks.delete(key));
}
