import type { ExtraAgentsResponse, UserRoleResponse } from '@nktkas/hyperliquid/api/info';
import { z } from 'zod';
import { accountFromPrivateKey, InvalidPrivateKeyError } from './signerAccount.js';

/** What the user submitted when saving keys. */
export interface VerifyAgentKeyInput {
  /** The API wallet's private key. Used to derive its address only; never logged or echoed. */
  privateKey: string;
  /** The API wallet (agent) address the user entered. */
  apiWalletAddress: string;
  /** The main account the API wallet must trade for. */
  accountAddress: string;
  isTestnet: boolean;
}

/** Why a key check failed. */
export const AgentKeyProblemSchema = z.enum([
  'invalidAddress',
  'invalidKey',
  'keyMismatch',
  'mainAccountKey',
  'notApproved',
  'otherMaster',
  'vault',
  'subAccount',
  'unreachable',
]);

/** Result of {@link verifyAgentKey}. */
export const AgentKeyCheckSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    /** Lower-case API wallet address. */
    apiWalletAddress: z.string(),
    /** Lower-case main account address. */
    accountAddress: z.string(),
    /** Name and expiry for a named agent (from `extraAgents`); null when unnamed or not readable. */
    agentName: z.string().nullable(),
    validUntil: z.number().nullable(),
  }),
  z.object({
    ok: z.literal(false),
    problem: AgentKeyProblemSchema,
    /** Shown to the user as is. Never contains the private key. */
    message: z.string(),
    /** True when asking again later may give another answer (the venue could not be reached). */
    transient: z.boolean(),
  }),
]);
/** See {@link AgentKeyCheckSchema}. */
export type AgentKeyCheck = z.infer<typeof AgentKeyCheckSchema>;

/** The two reads the check needs, on the user's network. */
export interface AgentKeyLookups {
  userRole(address: `0x${string}`): Promise<UserRoleResponse>;
  /** Optional: named agents of a master, for the expiry. */
  extraAgents?(master: `0x${string}`): Promise<ExtraAgentsResponse>;
  /** Clock for the expiry check; default Date.now. */
  now?: () => number;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

const fail = (problem: z.infer<typeof AgentKeyProblemSchema>, message: string, transient = false): AgentKeyCheck => ({
  ok: false,
  problem,
  message,
  transient,
});

/**
 * Checks the keys a user saves, before they are stored:
 * 1. the private key derives the API wallet address the user entered;
 * 2. `userRole(apiWallet)` is `{role: "agent", data: {user: accountAddress}}`.
 *
 * Each other answer gets a message that says what is wrong and how to fix it: a main account's
 * key pasted as API wallet (`user`), an API wallet never approved or expired/pruned (`missing`),
 * one approved for another main account, a vault or a sub-account.
 */
export async function verifyAgentKey(input: VerifyAgentKeyInput, lookups: AgentKeyLookups): Promise<AgentKeyCheck> {
  const network = input.isTestnet ? 'testnet' : 'mainnet';
  const site = input.isTestnet ? 'app.hyperliquid-testnet.xyz' : 'app.hyperliquid.xyz';
  const apiWallet = input.apiWalletAddress.trim().toLowerCase() as `0x${string}`;
  const account = input.accountAddress.trim().toLowerCase() as `0x${string}`;
  if (!ADDRESS.test(apiWallet)) return fail('invalidAddress', 'The API wallet address must be 0x followed by 40 hexadecimal characters.');
  if (!ADDRESS.test(account)) return fail('invalidAddress', 'The main account address must be 0x followed by 40 hexadecimal characters.');

  let derived: string;
  try {
    derived = accountFromPrivateKey(input.privateKey).address.toLowerCase();
  } catch (error) {
    if (error instanceof InvalidPrivateKeyError) return fail('invalidKey', error.message);
    throw error;
  }
  if (derived !== apiWallet) {
    return fail(
      'keyMismatch',
      `This private key belongs to the wallet ${derived}, not to the API wallet address you entered (${apiWallet}). ` +
        'Paste the private key that was shown when that API wallet was generated.',
    );
  }

  let role: UserRoleResponse;
  try {
    role = await lookups.userRole(apiWallet);
  } catch {
    return fail('unreachable', `Hyperliquid ${network} could not be reached to check the API wallet. Try again in a moment.`, true);
  }

  switch (role.role) {
    case 'agent': {
      const master = role.data.user.toLowerCase();
      if (master !== account) {
        return fail(
          'otherMaster',
          `This API wallet is authorized for the main account ${master}, not for ${account}. ` +
            'Enter that main account address, or authorize this API wallet from the account you want to trade.',
        );
      }
      const named = await namedAgent(lookups, account, apiWallet);
      // The venue prunes expired agents lazily (minutes late), so an expired one can still read
      // as "agent"; saving it would only fail at the first order.
      if (named !== undefined && named.validUntil <= (lookups.now ?? Date.now)()) {
        return fail(
          'notApproved',
          `This API wallet's authorization ("${named.name}") expired on ${new Date(named.validUntil).toISOString()}. ` +
            `Authorize a new API wallet at ${site} → More → API for ${account}.`,
        );
      }
      return { ok: true, apiWalletAddress: apiWallet, accountAddress: account, agentName: named?.name ?? null, validUntil: named?.validUntil ?? null };
    }
    case 'user':
      return fail(
        'mainAccountKey',
        `${apiWallet} is a main Hyperliquid account, not an API wallet. Do not use your main wallet's key here: ` +
          `generate an API wallet at ${site} → More → API, authorize it, and paste the API wallet's address and private key.`,
      );
    case 'missing':
      return fail(
        'notApproved',
        `Hyperliquid ${network} does not know this API wallet: it was never authorized, its authorization expired, ` +
          `or it was replaced or removed. Authorize it at ${site} → More → API for ${account}` +
          (input.isTestnet ? '' : ' (a wallet authorized on testnet is unknown on mainnet; check the Testnet setting)') +
          '.',
      );
    case 'vault':
      return fail('vault', `${apiWallet} is a vault address, not an API wallet. Paste the address of an API wallet.`);
    case 'subAccount':
      return fail('subAccount', `${apiWallet} is a sub-account of ${role.data.master}, not an API wallet. Paste the address of an API wallet.`);
  }
}

/** The agent's entry in `extraAgents`, best effort: the expiry is informative, not required. */
async function namedAgent(
  lookups: AgentKeyLookups,
  master: `0x${string}`,
  agent: string,
): Promise<{ name: string; validUntil: number } | undefined> {
  if (lookups.extraAgents === undefined) return undefined;
  try {
    const agents = await lookups.extraAgents(master);
    const found = agents.find((entry) => entry.address.toLowerCase() === agent);
    return found === undefined ? undefined : { name: found.name, validUntil: found.validUntil };
  } catch {
    return undefined;
  }
}
