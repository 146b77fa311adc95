import { queryStrategyPositions, storedCredentials, type StrategyCommand } from '@hyperhook/domain';
import { readUserStream } from '@hyperhook/eventsourcing';
import type { AppDeps } from '../../appDeps.js';
import { ApiError, noKeysConfigured } from '../../http/apiError.js';
import { venueReadFailure } from '../../http/venueRefusal.js';

/**
 * The BindSubAccount command for PATCH /api/strategies/:id {subAccountAddress} (issue 39, point 2),
 * with what only the api can check: the sub-account is one the venue lists for the trader's main
 * account (once, at binding: the executor then signs with it as `vaultAddress`), and how many
 * positions the strategy holds where it trades now.
 */
export async function bindSubAccountCommand(
  deps: AppDeps,
  uid: string,
  strategyId: string,
  subAccountAddress: string | null,
  at: string,
): Promise<StrategyCommand> {
  const openPositions = (await queryStrategyPositions(deps.store.readStore, uid, strategyId)).length;
  if (subAccountAddress === null) return { type: 'BindSubAccount', strategyId, subAccountAddress: null, openPositions, at };
  const credentials = storedCredentials((await readUserStream(deps.store.eventStore, uid)).events).current;
  if (credentials === null) throw noKeysConfigured();
  const { accountAddress, isTestnet } = credentials;
  let listed;
  try {
    listed = await deps.hyperliquid(isTestnet).getSubAccounts(accountAddress, isTestnet);
  } catch (error) {
    throw venueReadFailure(error);
  }
  const wanted = subAccountAddress.toLowerCase();
  const found = listed.find((sub) => sub.address.toLowerCase() === wanted);
  if (found === undefined) {
    const network = isTestnet ? 'testnet' : 'mainnet';
    throw new ApiError(
      400,
      `${subAccountAddress} is not a sub-account of your account ${accountAddress} on Hyperliquid ${network}; create it there (Sub-Accounts) or check the address.`,
    );
  }
  return { type: 'BindSubAccount', strategyId, subAccountAddress: wanted, name: found.name, openPositions, at };
}
