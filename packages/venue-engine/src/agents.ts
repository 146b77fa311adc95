/**
 * API-wallet (agent) approval semantics, as observed on testnet (reference §2.6):
 * 1 unnamed + 3 named agents; `agentName` "name valid_until <ms>" sets the expiry (default 90 days,
 * at most 180 days, a past or too-far value is "Agent valid_until already expired."); approving a
 * name again replaces that agent; approving 0x0 under a name removes it; an address that was ever
 * approved cannot be approved again.
 */
import { TopLevel } from './errors.js';
import { DEFAULT_AGENT_TTL_MS, type SimAccount, type SimState } from './simState.js';

/** Longest allowed agent lifetime. */
export const MAX_AGENT_TTL_MS = 180 * 24 * 60 * 60 * 1000;
/** Named agents per master account. */
export const MAX_NAMED_AGENTS = 3;
/** Longest agent name, excluding the ` valid_until` suffix. */
export const MAX_AGENT_NAME_LENGTH = 16;

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** Splits "name valid_until 1700000000000" into name and expiry (null when no suffix). */
export function parseAgentName(raw: string): { name: string; validUntil: number | null } {
  const m = /^(.*) valid_until (\d+)$/.exec(raw);
  return m ? { name: m[1] ?? '', validUntil: Number(m[2]) } : { name: raw, validUntil: null };
}

/** Applies an approveAgent signed by `master`; returns the venue's error string or null on success. */
export function approveAgent(state: SimState, master: SimAccount, agentAddress: string, agentName: string): string | null {
  const now = state.now();
  const { name, validUntil: requested } = parseAgentName(agentName);
  if (name.length > MAX_AGENT_NAME_LENGTH) return TopLevel.agentNameLength;
  const validUntil = requested ?? now + DEFAULT_AGENT_TTL_MS;
  if (validUntil <= now || validUntil > now + MAX_AGENT_TTL_MS) return TopLevel.agentExpired;
  const slot = name.length > 0 ? name : null;
  const address = agentAddress.toLowerCase();

  if (address === ZERO_ADDRESS) {
    master.agents = master.agents.filter((a) => a.name !== slot);
    return null;
  }
  if (master.usedAgentAddresses.has(address) || state.findAgent(address) || state.account(address)) {
    return TopLevel.agentAlreadyUsed;
  }
  const replacing = master.agents.some((a) => a.name === slot);
  if (slot !== null && !replacing && master.agents.filter((a) => a.name !== null).length >= MAX_NAMED_AGENTS) {
    return TopLevel.tooManyAgents;
  }
  master.agents = master.agents.filter((a) => a.name !== slot);
  master.agents.push({ address, name: slot, validUntil });
  master.usedAgentAddresses.add(address);
  return null;
}
