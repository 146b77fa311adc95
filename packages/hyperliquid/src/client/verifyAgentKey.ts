import { hyperliquidAppSite } from '@hyperhook/domain';
import type { ExtraAgentsResponse, UserRoleResponse } from '@nktkas/hyperliquid/api/info';
import { z } from 'zod';
import { HyperliquidReadError } from './readError.js';
import { secondsToWait } from './weightMeter.js';
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
  /** The venue answered, but with a server error. */
  'venueError',
  /** The request budget towards the venue (this server's own, or the venue's 429) has no room now. */
  'busy',
]);

/** Result of {@link verifyAgentKey}. */
export const AgentKeyCheckSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    /** Lower-case API wallet address. */
    apiWalletAddress: z.string(),
    /** Lower-case main account address. */
    accountAddress: z.string(),
    /** Name and expiry for a named agent (from `extraAgents`); null when unnamed. */
    agentName: z.string().nullable(),
    validUntil: z.number().nullable(),
    /**
     * False when the check was told to leave an unnamed wallet's approval for later (`deferUnnamed`):
     * the venue lists no named wallet of that address, and whether it approved an unnamed one is
     * asked afterwards ({@link confirmUnnamedAgent}, weight 60).
     */
    confirmed: z.boolean(),
  }),
  z.object({
    ok: z.literal(false),
    problem: AgentKeyProblemSchema,
    /** Shown to the user as is. Never contains the private key. */
    message: z.string(),
    /** True when asking again later may give another answer (the venue could not be reached, or was busy). */
    transient: z.boolean(),
    /** For `busy`: when asking again may work, ms from now. */
    retryAfterMs: z.number().int().min(0).optional(),
  }),
]);
/** See {@link AgentKeyCheckSchema}. */
export type AgentKeyCheck = z.infer<typeof AgentKeyCheckSchema>;
type AgentKeyFailure = Extract<AgentKeyCheck, { ok: false }>;

/** How the venue check goes. */
export interface AgentCheckOptions {
  /**
   * Answer a wallet `extraAgents` does not list as saved-but-unconfirmed instead of asking
   * `userRole` (60 weight) now: a wallet made without a name (as the SDKs make them) then costs a
   * save what a named one does, and its approval is confirmed in the background.
   */
  readonly deferUnnamed?: boolean;
}

/** The two reads the check may need, on the user's network. They throw HyperliquidReadError (or any error) when the venue cannot answer. */
export interface AgentKeyLookups {
  /** Named agents of a master, with their expiry (weight 20): the usual way to find the API wallet. */
  extraAgents(master: `0x${string}`): Promise<ExtraAgentsResponse>;
  /** The role of any address (weight 60): asked only when the API wallet is not a named agent of the account. */
  userRole(address: `0x${string}`): Promise<UserRoleResponse>;
  /** Clock for the expiry check; default Date.now. */
  now?: () => number;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

const fail = (problem: z.infer<typeof AgentKeyProblemSchema>, message: string, transient = false): AgentKeyFailure => ({
  ok: false,
  problem,
  message,
  transient,
});

/** The addresses a key check is about, lower-case, once the key is known to derive the API wallet. */
export interface AgentToCheck {
  readonly apiWallet: `0x${string}`;
  readonly account: `0x${string}`;
  readonly isTestnet: boolean;
}

/**
 * What can be told without the venue: well-formed addresses, a private key that is a key and
 * derives the API wallet address the user entered.
 */
export function checkKeyLocally(input: VerifyAgentKeyInput): AgentKeyFailure | AgentToCheck {
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
  return { apiWallet, account, isTestnet: input.isTestnet };
}

/**
 * Checks the keys a user saves, before they are stored:
 * 1. the private key derives the API wallet address the user entered (checkKeyLocally);
 * 2. the venue knows the API wallet as an agent of the main account (checkAgentAtVenue).
 */
export async function verifyAgentKey(input: VerifyAgentKeyInput, lookups: AgentKeyLookups, options: AgentCheckOptions = {}): Promise<AgentKeyCheck> {
  const local = checkKeyLocally(input);
  return 'ok' in local ? local : checkAgentAtVenue(local, lookups, options);
}

/**
 * Asks the venue whether `apiWallet` trades for `account`, as cheaply as it can be told:
 * - the account's own address as API wallet is a main-wallet key pasted by mistake: nothing to ask;
 * - `extraAgents(account)` (weight 20) lists the named agents, which is how Hyperliquid's app
 *   makes API wallets: found there, the wallet is approved (or expired: the venue prunes lazily);
 * - only a wallet not listed there costs `userRole(apiWallet)` (60), which tells an unnamed agent
 *   of the account from one of another account, a main account, a vault, a sub-account or an
 *   address the venue does not know.
 * Each answer gets a message that says what is wrong and how to fix it; a request refused for
 * the request budget says so and when to try again.
 */
export async function checkAgentAtVenue(local: AgentToCheck, lookups: AgentKeyLookups, options: AgentCheckOptions = {}): Promise<AgentKeyCheck> {
  const { apiWallet, account, isTestnet } = local;
  const network = isTestnet ? 'testnet' : 'mainnet';
  const site = hyperliquidAppSite(isTestnet);
  if (apiWallet === account) return mainAccountKey(apiWallet, site);

  let named: ExtraAgentsResponse[number] | undefined;
  let listed = false;
  try {
    named = (await lookups.extraAgents(account)).find((entry) => entry.address.toLowerCase() === apiWallet);
    listed = true;
  } catch (error) {
    // A venue that does not know the request (a 4xx) can still answer userRole below.
    if (!(error instanceof HyperliquidReadError && error.outcome.kind === 'rejected')) return unanswered(error, network);
  }
  if (named !== undefined) {
    // The venue prunes expired agents lazily (minutes late), so an expired one can still be
    // listed; saving it would only fail at the first order.
    if (named.validUntil <= (lookups.now ?? Date.now)()) {
      return fail(
        'notApproved',
        `This API wallet's authorization ("${named.name}") expired on ${new Date(named.validUntil).toISOString()}. ` +
          `Authorize a new API wallet at ${site} → More → API for ${account}.`,
      );
    }
    return { ok: true, apiWalletAddress: apiWallet, accountAddress: account, agentName: named.name, validUntil: named.validUntil, confirmed: true };
  }
  if (listed && options.deferUnnamed === true) {
    return { ok: true, apiWalletAddress: apiWallet, accountAddress: account, agentName: null, validUntil: null, confirmed: false };
  }
  return confirmUnnamedAgent(local, lookups);
}

/**
 * Whether the venue approved `apiWallet`, unnamed, for `account` (`userRole`, weight 60), which
 * tells an unnamed agent of the account from one of another account, a main account, a vault, a
 * sub-account or an address the venue does not know, each with its own message.
 */
export async function confirmUnnamedAgent({ apiWallet, account, isTestnet }: AgentToCheck, lookups: Pick<AgentKeyLookups, 'userRole'>): Promise<AgentKeyCheck> {
  const network = isTestnet ? 'testnet' : 'mainnet';
  const site = hyperliquidAppSite(isTestnet);
  let role: UserRoleResponse;
  try {
    role = await lookups.userRole(apiWallet);
  } catch (error) {
    return unanswered(error, network);
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
      return { ok: true, apiWalletAddress: apiWallet, accountAddress: account, agentName: null, validUntil: null, confirmed: true };
    }
    case 'user':
      return mainAccountKey(apiWallet, site);
    case 'missing':
      return fail(
        'notApproved',
        `Hyperliquid ${network} does not know this API wallet: it was never authorized, its authorization expired, ` +
          `or it was replaced or removed. Authorize it at ${site} → More → API for ${account}` +
          (isTestnet ? '' : ' (a wallet authorized on testnet is unknown on mainnet; check the Testnet setting)') +
          '.',
      );
    case 'vault':
      return fail('vault', `${apiWallet} is a vault address, not an API wallet. Paste the address of an API wallet.`);
    case 'subAccount':
      return fail('subAccount', `${apiWallet} is a sub-account of ${role.data.master}, not an API wallet. Paste the address of an API wallet.`);
  }
}

function mainAccountKey(apiWallet: string, site: string): AgentKeyFailure {
  return fail(
    'mainAccountKey',
    `${apiWallet} is a main Hyperliquid account, not an API wallet. Do not use your main wallet's key here: ` +
      `generate an API wallet at ${site} → More → API, authorize it, and paste the API wallet's address and private key.`,
  );
}

/**
 * Why the venue gave no answer, truly: this server's own request budget had no room (the venue
 * was never asked), the venue limited the request, it failed with a server error, or it could not
 * be reached.
 */
function unanswered(error: unknown, network: string): AgentKeyFailure {
  const outcome = error instanceof HyperliquidReadError ? error.outcome : undefined;
  if (outcome?.reason === 'budgetExhausted' || outcome?.reason === 'rateLimited') {
    const retryAfterMs = outcome.retryAfterMs ?? 10_000;
    const message =
      outcome.reason === 'budgetExhausted'
        ? outcome.message
        : `Hyperliquid ${network} is limiting requests from this server; try again in ${secondsToWait(retryAfterMs)} s.`;
    return { ...fail('busy', message, true), retryAfterMs };
  }
  if (outcome?.reason === 'serverError') {
    return fail(
      'venueError',
      `Hyperliquid ${network} answered the API wallet check with a server error (HTTP ${outcome.httpStatus ?? 500}). Try again in a moment.`,
      true,
    );
  }
  return fail('unreachable', `Hyperliquid ${network} could not be reached to check the API wallet. Try again in a moment.`, true);
}

/**
 * Until when an answer may be remembered for the account, or undefined when it must not be: an
 * approval holds until it expires (at most `ttlMs`), and a main account, a vault or a sub-account
 * stays what it is. "Not approved", "another account" and an unanswered check may change any
 * minute (the trader is fixing it), and a check that failed locally never reached the venue.
 */
export function rememberCheckUntil(check: AgentKeyCheck, now: number, ttlMs: number): number | undefined {
  // A wallet left unconfirmed is not known to be approved: the next save asks again.
  if (check.ok && !check.confirmed) return undefined;
  if (check.ok) return Math.min(now + ttlMs, check.validUntil ?? Number.POSITIVE_INFINITY);
  return check.problem === 'mainAccountKey' || check.problem === 'vault' || check.problem === 'subAccount' ? now + ttlMs : undefined;
}
