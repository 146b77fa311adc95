import { MAIN_ACCOUNT, type StrategyState } from '@hyperhook/domain';

/**
 * The venue account a strategy trades on: its sub-account's address (lower case), else the main
 * one. A strategy the profile does not list (the first strategy of an account older than
 * strategies) trades on the main account.
 */
export function accountOfStrategy(strategies: readonly StrategyState[], strategyId: string): string {
  return strategies.find((s) => s.id === strategyId)?.subAccount?.address.toLowerCase() ?? MAIN_ACCOUNT;
}

/** Every venue account a user's live strategies trade on, and those fills were seen on: the main one first. */
export function fundingAccountsOf(strategies: readonly StrategyState[], seen: Iterable<string>): string[] {
  const subAccounts = new Set<string>(seen);
  for (const strategy of strategies) {
    if (strategy.venue === 'live' && strategy.subAccount != null) subAccounts.add(strategy.subAccount.address.toLowerCase());
  }
  subAccounts.delete(MAIN_ACCOUNT);
  return [MAIN_ACCOUNT, ...[...subAccounts].sort()];
}
