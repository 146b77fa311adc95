/**
 * Every signature vector of reference §6 must recover to its address through the simulator's own
 * hashing (l1ActionHash/canonicalL1Action) and recovery (recoverL1Signer/recoverUserSignedSigner).
 * The vectors are the client's (`@hyperhook/hyperliquid/testing`, 32-byte padded r/s); the python
 * vectors are also checked in python's unpadded r/s form, derived here with unpadSignature.
 */
import { describe, expect, it } from 'vitest';
import {
  APPROVE_AGENT,
  NK_ADDRESS as NK_ADDRESS_CHECKSUMMED,
  NK_L1,
  NK_USD_SEND,
  PY_ADDRESS as PY_ADDRESS_CHECKSUMMED,
  PY_L1 as PY_L1_PADDED,
  PY_USER_SIGNED,
  type PyL1Vector,
  unpadSignature,
} from '@hyperhook/hyperliquid/testing';
import { APPROVE_AGENT_TYPES } from '@hyperhook/hyperliquid';
import { ActionSchema, ApproveAgentActionSchema } from './actionSchemas.js';
import { canonicalApproveAgentMessage, canonicalL1Action, type L1Action } from './canonicalAction.js';
import { l1ActionHash } from './l1ActionHash.js';
import { recoverL1Signer, recoverUserSignedSigner, type LooseSignature } from './verifySignature.js';

// The simulator recovers lowercase addresses.
const PY_ADDRESS = PY_ADDRESS_CHECKSUMMED.toLowerCase();
const NK_ADDRESS = NK_ADDRESS_CHECKSUMMED.toLowerCase();

type L1Vector = PyL1Vector;

/** Python's own form of a vector: r/s without leading zeros, as tests/signing_test.py writes them. */
const pythonForm = (v: PyL1Vector): PyL1Vector => ({
  ...v,
  ...(v.mainnet ? { mainnet: unpadSignature(v.mainnet) } : {}),
  ...(v.testnet ? { testnet: unpadSignature(v.testnet) } : {}),
});

// reference §6 "l1" (python SDK tests/signing_test.py), r/s in the python (unpadded) form wherever it differs.
const PY_L1: L1Vector[] = PY_L1_PADDED.map(pythonForm);

// reference §6 nktkas vectors (+ the vault/expiresAfter signatures of nktkas tests/signing/mod.test.ts for the same action).
const NK_ACTION = { type: 'order', orders: [NK_L1.order], grouping: 'na' };
const NK_CASE_NAMES = ['base', 'withVault', 'withExpires', 'withBoth'] as const;
const NK_CASES: { name: string; vault: string | null; expiresAfter: number | null; hash: `0x${string}`; mainnet: LooseSignature; testnet: LooseSignature }[] =
  NK_CASE_NAMES.map((name) => ({
    name,
    vault: name === 'withVault' || name === 'withBoth' ? NK_L1.vaultAddress : null,
    expiresAfter: name === 'withExpires' || name === 'withBoth' ? NK_L1.expiresAfter : null,
    hash: NK_L1.hash[name] as `0x${string}`,
    mainnet: NK_L1.signature.mainnet[name],
    testnet: NK_L1.signature.testnet[name],
  }));

const USER_SIGNED_TYPES = [
  { name: 'hyperliquidChain', type: 'string' },
  { name: 'destination', type: 'string' },
  { name: 'amount', type: 'string' },
  { name: 'time', type: 'uint64' },
] as const;

describe('python vectors in unpadded form', () => {
  it('given the padded reference vectors, when unpadded, then at least one r/s loses leading zeros (the check is not vacuous)', () => {
    const hexes = (vs: PyL1Vector[]) => vs.flatMap((v) => [v.mainnet, v.testnet]).flatMap((sig) => (sig ? [sig.r, sig.s] : []));
    const padded = hexes(PY_L1_PADDED);
    const unpadded = hexes(PY_L1);
    expect(padded.every((h) => h.length === 66)).toBe(true);
    expect(unpadded.filter((h, i) => h !== padded[i]).length).toBeGreaterThan(0);
    expect(unpadded.every((h) => !h.startsWith('0x0'))).toBe(true);
    expect(unpadded.map((h) => BigInt(h))).toEqual(padded.map((h) => BigInt(h)));
  });
});

describe('L1 action hash (connectionId)', () => {
  it.each(PY_L1)('given the python vector $name, when hashed, then it equals the recorded connectionId', (v) => {
    expect(l1ActionHash(v.action, v.nonce, v.vault)).toBe(v.connectionId);
  });

  it.each(NK_CASES)('given the nktkas vector $name, when hashed with vault/expiresAfter, then it matches', (v) => {
    expect(l1ActionHash(NK_ACTION, NK_L1.nonce, v.vault, v.expiresAfter)).toBe(v.hash);
  });

  it.each(PY_L1.filter((v) => ActionSchema.safeParse(v.action).success))(
    'given the supported action $name, when parsed and re-serialised canonically, then the hash is unchanged',
    (v) => {
      const canonical = canonicalL1Action(ActionSchema.parse(v.action) as L1Action);
      expect(l1ActionHash(canonical, v.nonce, v.vault)).toBe(v.connectionId);
    },
  );
});

describe('L1 signer recovery', () => {
  const signed = PY_L1.filter((v) => v.mainnet && v.testnet);
  it.each(signed)('given python vector $name, when recovered on mainnet and testnet, then both give the python key', (v) => {
    expect(recoverL1Signer(v.connectionId, 'mainnet', v.mainnet as LooseSignature)).toBe(PY_ADDRESS);
    expect(recoverL1Signer(v.connectionId, 'testnet', v.testnet as LooseSignature)).toBe(PY_ADDRESS);
  });

  it.each(PY_L1_PADDED.filter((v) => v.mainnet && v.testnet))(
    'given python vector $name with 32-byte padded r/s, when recovered on mainnet and testnet, then both give the python key',
    (v) => {
      expect(recoverL1Signer(v.connectionId, 'mainnet', v.mainnet as LooseSignature)).toBe(PY_ADDRESS);
      expect(recoverL1Signer(v.connectionId, 'testnet', v.testnet as LooseSignature)).toBe(PY_ADDRESS);
    },
  );

  it.each(NK_CASES)('given nktkas vector $name, when recovered, then it gives the nktkas key', (v) => {
    expect(recoverL1Signer(v.hash, 'mainnet', v.mainnet)).toBe(NK_ADDRESS);
    expect(recoverL1Signer(v.hash, 'testnet', v.testnet)).toBe(NK_ADDRESS);
  });

  it('given a mainnet signature, when checked as testnet, then it recovers some other address', () => {
    const v = PY_L1[3] as L1Vector;
    const recovered = recoverL1Signer(v.connectionId, 'testnet', v.mainnet as LooseSignature);
    expect(recovered).toMatch(/^0x[0-9a-f]{40}$/);
    expect(recovered).not.toBe(PY_ADDRESS);
  });

  it('given v as 0/1 instead of 27/28, when recovered, then the signer is the same', () => {
    const v = PY_L1[3] as L1Vector;
    const sig = v.mainnet as LooseSignature;
    expect(recoverL1Signer(v.connectionId, 'mainnet', { ...sig, v: sig.v - 27 })).toBe(PY_ADDRESS);
  });

  it('given r = 0 or v = 29, when recovered, then there is no signer', () => {
    const v = PY_L1[3] as L1Vector;
    const sig = v.mainnet as LooseSignature;
    expect(recoverL1Signer(v.connectionId, 'mainnet', { ...sig, r: '0x0' })).toBeNull();
    expect(recoverL1Signer(v.connectionId, 'mainnet', { ...sig, v: 29 })).toBeNull();
  });
});

describe('user-signed recovery', () => {
  it.each([
    {
      name: 'usdSend_testnet (python)',
      primaryType: 'HyperliquidTransaction:UsdSend',
      message: { hyperliquidChain: 'Testnet', destination: PY_USER_SIGNED.destination, amount: PY_USER_SIGNED.amount, time: BigInt(PY_USER_SIGNED.time) },
      chainId: '0x66eee',
      sig: PY_USER_SIGNED.usdSend,
      address: PY_ADDRESS,
    },
    {
      name: 'withdraw_testnet (python)',
      primaryType: 'HyperliquidTransaction:Withdraw',
      message: { hyperliquidChain: 'Testnet', destination: PY_USER_SIGNED.destination, amount: PY_USER_SIGNED.amount, time: BigInt(PY_USER_SIGNED.time) },
      chainId: '0x66eee',
      sig: PY_USER_SIGNED.withdraw,
      address: PY_ADDRESS,
    },
    {
      name: 'usdSend_mainnet (nktkas)',
      primaryType: 'HyperliquidTransaction:UsdSend',
      message: { hyperliquidChain: 'Mainnet', destination: NK_USD_SEND.destination, amount: NK_USD_SEND.amount, time: BigInt(NK_USD_SEND.time) },
      chainId: '0x66eee',
      sig: NK_USD_SEND.signature,
      address: NK_ADDRESS,
    },
  ])('given $name, when recovered, then it gives the signer', (v) => {
    const signer = recoverUserSignedSigner({ primaryType: v.primaryType, fields: USER_SIGNED_TYPES, message: v.message, signatureChainId: v.chainId }, v.sig);
    expect(signer).toBe(v.address);
  });

  const approve = (agentName: string | undefined, signatureChainId: string) =>
    ApproveAgentActionSchema.parse({
      type: 'approveAgent',
      signatureChainId,
      hyperliquidChain: 'Testnet',
      agentAddress: APPROVE_AGENT.agentAddress,
      ...(agentName === undefined ? {} : { agentName }),
      nonce: APPROVE_AGENT.nonce,
    });
  const recoverApprove = (action: ReturnType<typeof approve>, sig: LooseSignature, chain: 'Testnet' | 'Mainnet' = 'Testnet') =>
    recoverUserSignedSigner(
      {
        primaryType: 'HyperliquidTransaction:ApproveAgent',
        fields: APPROVE_AGENT_TYPES['HyperliquidTransaction:ApproveAgent'],
        message: canonicalApproveAgentMessage(action, chain),
        signatureChainId: action.signatureChainId,
      },
      sig,
    );
  const NAMED = APPROVE_AGENT.named.sig;
  const UNNAMED = APPROVE_AGENT.unnamed.sig;
  const UNNAMED_66EEE = APPROVE_AGENT.unnamed66eee.sig;

  it('given the approveAgent vectors, when recovered, then all give the python master', () => {
    expect(recoverApprove(approve(APPROVE_AGENT.named.agentName, APPROVE_AGENT.named.chainId), NAMED)).toBe(PY_ADDRESS);
    expect(recoverApprove(approve('', APPROVE_AGENT.unnamed.chainId), UNNAMED)).toBe(PY_ADDRESS);
    expect(recoverApprove(approve('', APPROVE_AGENT.unnamed66eee.chainId), UNNAMED_66EEE)).toBe(PY_ADDRESS);
  });

  it('given an unnamed approval posted without agentName (python style), when recovered, then "" is assumed', () => {
    expect(recoverApprove(approve(undefined, APPROVE_AGENT.unnamed.chainId), UNNAMED)).toBe(PY_ADDRESS);
  });

  it('given a testnet approval checked as mainnet, when recovered, then another address comes out', () => {
    expect(recoverApprove(approve('', APPROVE_AGENT.unnamed.chainId), UNNAMED, 'Mainnet')).not.toBe(PY_ADDRESS);
  });
});
