import type { SignerRef } from '@hyperhook/hyperliquid';
import type { StoredCredentials } from '@hyperhook/trading';
import type { ExecutorContext } from '../executorContext.js';
import { refuse, type Refusal, type SignalStop } from './signalStop.js';

/** A signer with the wallet address its nonce is reserved under. */
export type Signer = SignerRef & { apiWalletAddress: string };

/**
 * Opens the API wallet's key, signing for the main account or, for a strategy bound to one (issue
 * 39, point 2), for a sub-account: the same key with `vaultAddress`, and the sub-account's address
 * for every read (its balance, positions, fills and limits are its own).
 */
export async function openSigner(ctx: ExecutorContext, uid: string, credentials: StoredCredentials, subAccount?: string): Promise<Signer | Refusal> {
  try {
    const agentPrivateKey = await ctx.sealer.unseal(uid, credentials.sealedPrivateKey);
    const account =
      subAccount === undefined
        ? { accountAddress: credentials.accountAddress, mode: credentials.accountMode }
        : { accountAddress: subAccount, vaultAddress: subAccount };
    return { ...account, isTestnet: credentials.isTestnet, agentPrivateKey, apiWalletAddress: credentials.apiWalletAddress };
  } catch (error) {
    return refuse(
      'CREDENTIALS_UNAVAILABLE',
      `The stored API key cannot be opened (${error instanceof Error ? error.message : String(error)}); save the API keys again.`,
    );
  }
}

/** Whether `opened` is a signer rather than why there is none. */
export function isSigner(opened: Signer | SignalStop): opened is Signer {
  return 'agentPrivateKey' in opened;
}
