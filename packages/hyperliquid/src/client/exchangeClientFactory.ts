import { ExchangeClient, type IRequestTransport } from '@nktkas/hyperliquid';
import type { LocalAccount } from 'viem/accounts';
import type { NonceManager } from './nonceManager.js';

/**
 * EIP-712 chain id put into user-signed actions. Any value is accepted by the venue (the domain
 * takes it from the action); 0x66eee (421614) is what the python SDK signs, so payloads are
 * byte-identical with it and with its test vectors. nk's default would be the wallet's chain
 * ("0x1" for a viem local account).
 */
export const SIGNATURE_CHAIN_ID = '0x66eee';

/** Inputs of {@link createExchangeClient}. */
export interface ExchangeClientInputs {
  /** Transport of the user's network; its `isTestnet` selects the signing source. */
  transport: IRequestTransport;
  /** The API wallet (agent) that signs. */
  wallet: LocalAccount;
  /** The process-wide nonce source. */
  nonces: NonceManager;
  /** Override of {@link SIGNATURE_CHAIN_ID} (only the signing vectors need another). */
  signatureChainId?: `0x${string}`;
  /**
   * The sub-account every L1 action acts for: sent as `vaultAddress` and hashed into the signed
   * connectionId (byte 1 and the 20 address bytes after the nonce; byte 0 without it).
   */
  vaultAddress?: `0x${string}` | undefined;
}

/**
 * Builds the nk ExchangeClient exactly as the client uses it for every signed action: one
 * place, so the signing-vector tests exercise the production signing path.
 */
export function createExchangeClient(inputs: ExchangeClientInputs): ExchangeClient {
  return new ExchangeClient({
    transport: inputs.transport,
    wallet: inputs.wallet,
    nonceManager: inputs.nonces.forExchangeClient(),
    signatureChainId: inputs.signatureChainId ?? SIGNATURE_CHAIN_ID,
    ...(inputs.vaultAddress !== undefined ? { defaultVaultAddress: inputs.vaultAddress } : {}),
  });
}
