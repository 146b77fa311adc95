/**
 * Test harness for the simulator's own tests: fixed keys, a controllable clock, a signer built on
 * @nktkas/hyperliquid's `signL1Action` (the client side of the contract) and small HTTP helpers.
 * Lives under `testing/` so it is excluded from the package build.
 */
import { signL1Action, signUserSignedAction } from '@nktkas/hyperliquid/signing';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { startSimulator } from '../startSimulator.js';
import type { Simulator, SimulatorOptions } from '../types.js';

/** python-SDK test key (reference §6): address 0x14791697260E4c9A71f18484C9f997B308e59325. */
export const MASTER_KEY = '0x0123456789012345678901234567890123456789012345678901234567890123';
/** A second master. */
export const OTHER_KEY = '0x1111111111111111111111111111111111111111111111111111111111111111';
/** An agent of MASTER. */
export const AGENT_KEY = '0x2222222222222222222222222222222222222222222222222222222222222222';
/** A key nobody registered. */
export const STRANGER_KEY = '0x3333333333333333333333333333333333333333333333333333333333333333';

/** Wallets for the keys above. */
export const master: PrivateKeyAccount = privateKeyToAccount(MASTER_KEY);
export const other: PrivateKeyAccount = privateKeyToAccount(OTHER_KEY);
export const agent: PrivateKeyAccount = privateKeyToAccount(AGENT_KEY);
export const stranger: PrivateKeyAccount = privateKeyToAccount(STRANGER_KEY);

/** A clock tests can move. */
export interface TestClock {
  now: () => number;
  advance(ms: number): void;
  /** A fresh, strictly increasing nonce near the clock. */
  nonce(): number;
}

/** Creates a clock starting at a fixed instant near real time. */
export function createClock(start = 1_790_000_000_000): TestClock {
  let t = start;
  let last = 0;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
    nonce: () => {
      last = Math.max(last + 1, t);
      return last;
    },
  };
}

/** A simulator plus its clock. */
export interface TestSim {
  sim: Simulator;
  clock: TestClock;
}

/** Starts a frozen-price simulator with MASTER funded and AGENT approved, on a controllable clock. */
export async function startTestSim(opts: SimulatorOptions & { clock?: TestClock } = {}): Promise<TestSim> {
  const clock = opts.clock ?? createClock();
  const sim = await startSimulator({
    priceTickMs: null,
    now: clock.now,
    accounts: [{ address: master.address, usdc: 10_000, agents: [{ address: agent.address, name: 'bot' }] }],
    ...opts,
  });
  return { sim, clock };
}

/** Raw HTTP reply. */
export interface RawReply {
  status: number;
  contentType: string | null;
  text: string;
  json: unknown;
}

/** POSTs JSON (or a raw string) and returns status, content type and body. */
export async function post(url: string, path: string, body: unknown, raw = false): Promise<RawReply> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: raw ? (body as string) : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    json = undefined;
  }
  return { status: res.status, contentType: res.headers.get('content-type'), text, json };
}

/** POST /info and return the parsed JSON. */
export async function info<T = unknown>(url: string, body: Record<string, unknown>): Promise<T> {
  return (await post(url, '/info', body)).json as T;
}

/** Options of a signed L1 request. */
export interface SignOpts {
  nonce: number;
  isTestnet?: boolean;
  vaultAddress?: `0x${string}`;
  expiresAfter?: number;
}

/** Builds a signed /exchange body for an L1 action with the SDK's signer. */
export async function signedBody(wallet: PrivateKeyAccount, action: Record<string, unknown>, o: SignOpts): Promise<Record<string, unknown>> {
  const signature = await signL1Action({
    wallet,
    action,
    nonce: o.nonce,
    isTestnet: o.isTestnet ?? true,
    vaultAddress: o.vaultAddress,
    expiresAfter: o.expiresAfter,
  });
  const body: Record<string, unknown> = { action, nonce: o.nonce, signature };
  if (o.vaultAddress) body.vaultAddress = o.vaultAddress;
  if (o.expiresAfter !== undefined) body.expiresAfter = o.expiresAfter;
  return body;
}

/** Signs and POSTs an L1 action; returns the JSON reply. */
export async function exchange<T = unknown>(url: string, wallet: PrivateKeyAccount, action: Record<string, unknown>, o: SignOpts): Promise<T> {
  return (await post(url, '/exchange', await signedBody(wallet, action, o))).json as T;
}

/** Signs (with the master key) and POSTs an approveAgent. */
export async function approveAgentRequest(
  url: string,
  wallet: PrivateKeyAccount,
  agentAddress: string,
  agentName: string,
  nonce: number,
  chain: 'Testnet' | 'Mainnet' = 'Testnet',
): Promise<unknown> {
  const action = {
    type: 'approveAgent',
    signatureChainId: '0x66eee' as const,
    hyperliquidChain: chain,
    agentAddress: agentAddress.toLowerCase(),
    agentName,
    nonce,
  };
  const signature = await signUserSignedAction({
    wallet,
    action,
    types: {
      'HyperliquidTransaction:ApproveAgent': [
        { name: 'hyperliquidChain', type: 'string' },
        { name: 'agentAddress', type: 'address' },
        { name: 'agentName', type: 'string' },
        { name: 'nonce', type: 'uint64' },
      ],
    },
  });
  return (await post(url, '/exchange', { action, nonce, signature })).json;
}

/** A limit order wire (defaults: GTC, not reduce-only). */
export function limit(a: number, b: boolean, p: string, s: string, extra: { tif?: 'Gtc' | 'Ioc' | 'Alo'; r?: boolean; c?: string } = {}) {
  const wire: Record<string, unknown> = { a, b, p, s, r: extra.r ?? false, t: { limit: { tif: extra.tif ?? 'Gtc' } } };
  if (extra.c) wire.c = extra.c;
  return wire;
}

/** A trigger order wire (reduce-only by default, as the venue requires). */
export function trigger(a: number, b: boolean, p: string, s: string, triggerPx: string, tpsl: 'tp' | 'sl', isMarket = true, r = true) {
  return { a, b, p, s, r, t: { trigger: { isMarket, triggerPx, tpsl } } };
}

/** An order action. */
export function orderAction(orders: Record<string, unknown>[], grouping: string = 'na'): Record<string, unknown> {
  return { type: 'order', orders, grouping };
}

/** Statuses of an order/cancel reply. */
export function statusesOf(reply: unknown): unknown[] {
  const r = reply as { response?: { data?: { statuses?: unknown[] } } };
  const statuses = r.response?.data?.statuses;
  if (!statuses) throw new Error(`no statuses in ${JSON.stringify(reply)}`);
  return statuses;
}
