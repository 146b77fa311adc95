/**
 * Sub-accounts (issue 39.5): separate users with their own positions, margin, balance and
 * per-address limits, owned by one master. They have no key: the master, or an API wallet the
 * master approved, trades for one by signing with `vaultAddress` set to its address.
 */
import type { SimAccount, SimState } from './simState.js';
import type { SimSubAccountSeed } from './types.js';

/** Longest sub-account name the simulator accepts (the venue's limit is undocumented; agent names use 16). */
export const MAX_SUB_ACCOUNT_NAME_LENGTH = 16;

/**
 * Creates a sub-account of an existing master (or renames it and sets its balance when it exists
 * already for that master). Throws when the master is missing or is itself a sub-account, or when
 * the address is already another user or an API wallet: one address is one user.
 */
export function createSubAccount(state: SimState, seed: SimSubAccountSeed): SimAccount {
  const master = state.account(seed.master);
  if (!master || master.subAccountOf) throw new Error(`no master account ${seed.master.toLowerCase()}`);
  if (seed.name.length < 1 || seed.name.length > MAX_SUB_ACCOUNT_NAME_LENGTH) {
    throw new Error(`a sub-account name has 1 to ${MAX_SUB_ACCOUNT_NAME_LENGTH} characters`);
  }
  const existing = state.account(seed.address);
  if (existing && existing.subAccountOf?.master !== master.address) {
    throw new Error(`${seed.address.toLowerCase()} is already another user`);
  }
  if (state.findAgent(seed.address)) throw new Error(`${seed.address.toLowerCase()} is an API wallet`);
  const sub = state.ensureAccount(seed.address);
  sub.subAccountOf = { master: master.address, name: seed.name };
  if (seed.usdc !== undefined) sub.rawUsd = seed.usdc;
  return sub;
}

/** Adds `usdc` to an account's perp balance, as a transfer into it would. Throws for an unknown address. */
export function creditAccount(state: SimState, address: string, usdc: number): void {
  const acct = state.account(address);
  if (!acct) throw new Error(`no account ${address.toLowerCase()}`);
  acct.rawUsd += usdc;
}

/** The master's sub-accounts, oldest first. */
export function subAccountsOf(state: SimState, master: string): SimAccount[] {
  const key = master.toLowerCase();
  return [...state.accounts.values()].filter((a) => a.subAccountOf?.master === key);
}

/**
 * The user an L1 action acts for: the signer's master, or with `vaultAddress` that master's
 * sub-account; undefined when the address is not one of the master's sub-accounts.
 */
export function actingAccount(state: SimState, master: SimAccount, vaultAddress: string | null | undefined): SimAccount | undefined {
  if (!vaultAddress) return master;
  const sub = state.account(vaultAddress);
  return sub?.subAccountOf?.master === master.address ? sub : undefined;
}
