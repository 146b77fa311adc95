import type { ExchangeClient } from '@nktkas/hyperliquid';
import { UsdSendTypes } from '@nktkas/hyperliquid/api/exchange';
import { createL1ActionHash, signL1Action, signMultiSigAction, signUserSignedAction } from '@nktkas/hyperliquid/signing';
import { recoverTypedDataAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { createExchangeClient } from './exchangeClientFactory.js';
import { NonceManager } from './nonceManager.js';
import { accountFromPrivateKey } from './signerAccount.js';
import { ScriptedTransport } from './testing/scriptedTransport.js';
import { APPROVE_AGENT, NK_ADDRESS, NK_KEY, NK_L1, NK_MULTI_SIG, NK_USD_SEND, PY_ADDRESS, PY_KEY, PY_L1, PY_USER_SIGNED } from '../testing/referenceVectors.js';

type Body = {
  action: Record<string, unknown>;
  nonce: number;
  signature: { r: string; s: string; v: number };
  vaultAddress?: `0x${string}`;
  expiresAfter?: number;
};

/**
 * Runs one call through the production signing path (createExchangeClient: nk ExchangeClient +
 * our NonceManager frozen at `nonce`) against a transport that only records, and returns the
 * signed body that would have been POSTed.
 */
async function signedBody(
  key: `0x${string}`,
  isTestnet: boolean,
  nonce: number,
  call: (exchange: ExchangeClient) => Promise<unknown>,
  signatureChainId?: `0x${string}`,
  vaultAddress?: `0x${string}`,
): Promise<Body> {
  const transport = new ScriptedTransport(isTestnet);
  const exchange = createExchangeClient({
    transport,
    wallet: accountFromPrivateKey(key),
    nonces: new NonceManager(() => nonce),
    ...(signatureChainId ? { signatureChainId } : {}),
    vaultAddress,
  });
  await call(exchange);
  const [sent] = transport.sentTo('exchange');
  if (sent === undefined) throw new Error('nothing was sent');
  return sent.payload as unknown as Body;
}

/** The order parameters (everything but `type`) of an order vector's action. */
function orderParams(action: Record<string, unknown>) {
  const { type: _type, ...params } = action;
  return params as Parameters<ExchangeClient['order']>[0];
}

const l1Hash = (body: Body) =>
  createL1ActionHash({
    action: body.action,
    nonce: body.nonce,
    ...(body.vaultAddress ? { vaultAddress: body.vaultAddress } : {}),
    ...(body.expiresAfter !== undefined ? { expiresAfter: body.expiresAfter } : {}),
  });

/** Recovers the signer of an L1 body, as the venue does. */
async function l1Signer(body: Body, isTestnet: boolean): Promise<string> {
  return recoverTypedDataAddress({
    domain: { name: 'Exchange', version: '1', chainId: 1337, verifyingContract: '0x0000000000000000000000000000000000000000' },
    types: {
      Agent: [
        { name: 'source', type: 'string' },
        { name: 'connectionId', type: 'bytes32' },
      ],
    },
    primaryType: 'Agent',
    message: { source: isTestnet ? 'b' : 'a', connectionId: l1Hash(body) },
    signature: { r: body.signature.r as `0x${string}`, s: body.signature.s as `0x${string}`, v: BigInt(body.signature.v) },
  });
}

/** How each python L1 vector is produced by the client's exchange client (null: no nk method, signed with nk's signL1Action, the function ExchangeClient uses). */
const viaExchangeClient: Record<string, ((exchange: ExchangeClient, action: Record<string, unknown>) => Promise<unknown>) | null> = {
  phantom_agent_eth_ioc: (ex, action) => ex.order(orderParams(action)),
  order_gtc: (ex, action) => ex.order(orderParams(action)),
  order_gtc_cloid: (ex, action) => ex.order(orderParams(action)),
  order_sl_trigger: (ex, action) => ex.order(orderParams(action)),
  createSubAccount: (ex) => ex.createSubAccount({ name: 'example' }),
  subAccountTransfer: (ex) => ex.subAccountTransfer({ subAccountUser: '0x1d9470d4b963f552e6f671a81619d395877bf409', isDeposit: true, usd: 10 }),
  scheduleCancel_unset: (ex) => ex.scheduleCancel(),
  scheduleCancel_time: (ex) => ex.scheduleCancel({ time: 123456789 }),
  dummy: null,
  dummy_with_vault: null,
};

describe('signing vectors of reference §6, python SDK L1 actions', () => {
  for (const vector of PY_L1) {
    for (const network of ['mainnet', 'testnet'] as const) {
      const expected = vector[network];
      const isTestnet = network === 'testnet';
      if (expected === undefined && network === 'testnet') continue; // phantom_agent has one network and no signature
      it(`given ${vector.name} on ${network}, when signed, then action, connectionId and r/s/v match`, async () => {
        const produce = viaExchangeClient[vector.name];
        let body: Body;
        if (produce === undefined) throw new Error(`no producer for ${vector.name}`);
        if (produce === null) {
          const wallet = accountFromPrivateKey(PY_KEY);
          const vault = vector.vault ? { vaultAddress: vector.vault } : {};
          const signature = await signL1Action({ wallet, action: vector.action, nonce: vector.nonce, isTestnet, ...vault });
          body = { action: vector.action, nonce: vector.nonce, signature, ...vault };
        } else {
          body = await signedBody(PY_KEY, isTestnet, vector.nonce, (ex) => produce(ex, vector.action));
        }
        // Key order matters to the hash, so compare serialised forms, not deep equality.
        expect(JSON.stringify(body.action)).toBe(JSON.stringify(vector.action));
        expect(body.nonce).toBe(vector.nonce);
        expect(l1Hash(body)).toBe(vector.connectionId);
        if (expected) expect(body.signature).toEqual(expected);
        expect((await l1Signer(body, isTestnet)).toLowerCase()).toBe(PY_ADDRESS.toLowerCase());
      });
    }
  }
});

describe('signing vectors of reference §6, python SDK user-signed actions', () => {
  it('given usdSend on testnet with chain 0x66eee, when signed by the client, then r/s/v match', async () => {
    const body = await signedBody(PY_KEY, true, PY_USER_SIGNED.time, (ex) =>
      ex.usdSend({ destination: PY_USER_SIGNED.destination, amount: PY_USER_SIGNED.amount }),
    );
    expect(body.action).toMatchObject({ hyperliquidChain: 'Testnet', signatureChainId: '0x66eee', time: PY_USER_SIGNED.time });
    expect(body.signature).toEqual(PY_USER_SIGNED.usdSend);
  });

  it('given withdraw on testnet with chain 0x66eee, when signed by the client, then r/s/v match', async () => {
    const body = await signedBody(PY_KEY, true, PY_USER_SIGNED.time, (ex) =>
      ex.withdraw3({ destination: PY_USER_SIGNED.destination, amount: PY_USER_SIGNED.amount }),
    );
    expect(body.signature).toEqual(PY_USER_SIGNED.withdraw);
  });
});

describe('signing vectors of reference §6, nktkas/hyperliquid', () => {
  const cases = [
    { name: 'base', opts: {} },
    { name: 'withVault', opts: { vaultAddress: NK_L1.vaultAddress } },
    { name: 'withExpires', opts: { expiresAfter: NK_L1.expiresAfter } },
    { name: 'withBoth', opts: { vaultAddress: NK_L1.vaultAddress, expiresAfter: NK_L1.expiresAfter } },
  ] as const;
  for (const { name, opts } of cases) {
    for (const network of ['mainnet', 'testnet'] as const) {
      it(`given the L1 order ${name} on ${network}, when signed by the client, then hash and r/s/v match`, async () => {
        const body = await signedBody(NK_KEY, network === 'testnet', NK_L1.nonce, (ex) => ex.order({ orders: [NK_L1.order], grouping: 'na' }, opts));
        expect(l1Hash(body)).toBe(NK_L1.hash[name]);
        expect(body.signature).toEqual(NK_L1.signature[network][name]);
        expect((await l1Signer(body, network === 'testnet')).toLowerCase()).toBe(NK_ADDRESS.toLowerCase());
      });
    }
  }

  for (const network of ['mainnet', 'testnet'] as const) {
    it(`given a client made with a vaultAddress (a signer trading for a sub-account, issue 39.5), when it signs an order on ${network}, then the body carries the vault and hash and r/s/v match the vault vector`, async () => {
      const body = await signedBody(
        NK_KEY,
        network === 'testnet',
        NK_L1.nonce,
        (ex) => ex.order({ orders: [NK_L1.order], grouping: 'na' }),
        undefined,
        NK_L1.vaultAddress,
      );

      expect(body.vaultAddress).toBe(NK_L1.vaultAddress);
      expect(l1Hash(body)).toBe(NK_L1.hash.withVault);
      expect(body.signature).toEqual(NK_L1.signature[network].withVault);
    });
  }

  it('given the python vault vector, when its hash is computed as the client does, then it gives its connectionId', async () => {
    const vector = PY_L1.find((v) => v.name === 'dummy_with_vault');
    if (!vector?.vault) throw new Error('the reference vectors lost dummy_with_vault');

    expect(createL1ActionHash({ action: vector.action, nonce: vector.nonce, vaultAddress: vector.vault })).toBe(vector.connectionId);
  });

  it('given usdSend on mainnet, when signed by the client, then r/s/v match', async () => {
    const body = await signedBody(NK_KEY, false, NK_USD_SEND.time, (ex) => ex.usdSend({ destination: NK_USD_SEND.destination, amount: NK_USD_SEND.amount }));
    expect(body.signature).toEqual(NK_USD_SEND.signature);
  });

  it('given a multi-sig L1 order, when signed through a multi-sig ExchangeClient, then inner and outer signatures match', async () => {
    const transport = new ScriptedTransport(false);
    const { ExchangeClient } = await import('@nktkas/hyperliquid');
    const exchange = new ExchangeClient({
      transport,
      signers: [accountFromPrivateKey(NK_KEY)],
      multiSigUser: NK_MULTI_SIG.multiSigUser,
      nonceManager: new NonceManager(() => NK_MULTI_SIG.nonce).forExchangeClient(),
      signatureChainId: '0x66eee',
    });
    await exchange.order({ orders: [NK_L1.order], grouping: 'na' });
    const body = transport.sentTo('exchange')[0]?.payload as unknown as Body & { action: { signatures: unknown[] } };
    expect(body.action.signatures).toEqual([NK_MULTI_SIG.l1.inner]);
    expect(body.signature).toEqual(NK_MULTI_SIG.l1.outer);
  });

  it('given a multi-sig user-signed usdSend, when signed with nk signing helpers, then inner and outer signatures match', async () => {
    // 0.32.2's ExchangeClient puts `type` into the multi-sig payload of user-signed actions, the
    // vector was made without it (0.33 helper), so this one is assembled from the same helpers.
    const wallet = accountFromPrivateKey(NK_KEY);
    const outerSigner = NK_ADDRESS.toLowerCase() as `0x${string}`;
    const action = {
      hyperliquidChain: 'Mainnet',
      signatureChainId: '0x66eee' as const,
      destination: NK_USD_SEND.destination,
      amount: NK_USD_SEND.amount,
      time: NK_USD_SEND.time,
    };
    const inner = await signUserSignedAction({
      wallet,
      action: { payloadMultiSigUser: NK_MULTI_SIG.multiSigUser, outerSigner, ...action },
      types: UsdSendTypes,
    });
    expect(inner).toEqual(NK_MULTI_SIG.userSigned.inner);
    const outer = await signMultiSigAction({
      wallet,
      action: { type: 'multiSig', signatureChainId: '0x66eee', signatures: [inner], payload: { multiSigUser: NK_MULTI_SIG.multiSigUser, outerSigner, action } },
      nonce: NK_MULTI_SIG.nonce,
      isTestnet: false,
    });
    expect(outer).toEqual(NK_MULTI_SIG.userSigned.outer);
  });
});

describe('signing vectors of reference §6, approveAgent', () => {
  const cases = [
    { name: 'named, chain 0x1', agentName: APPROVE_AGENT.named.agentName, chainId: APPROVE_AGENT.named.chainId, sig: APPROVE_AGENT.named.sig },
    { name: 'unnamed, chain 0x1', agentName: null, chainId: APPROVE_AGENT.unnamed.chainId, sig: APPROVE_AGENT.unnamed.sig },
    { name: 'unnamed, chain 0x66eee', agentName: null, chainId: APPROVE_AGENT.unnamed66eee.chainId, sig: APPROVE_AGENT.unnamed66eee.sig },
  ];
  for (const { name, agentName, chainId, sig } of cases) {
    it(`given approveAgent ${name} on testnet, when signed by the client, then r/s/v match`, async () => {
      const body = await signedBody(
        PY_KEY,
        true,
        APPROVE_AGENT.nonce,
        (ex) => ex.approveAgent({ agentAddress: APPROVE_AGENT.agentAddress, agentName }),
        chainId,
      );
      expect(body.action).toMatchObject({ type: 'approveAgent', hyperliquidChain: 'Testnet', signatureChainId: chainId, nonce: APPROVE_AGENT.nonce });
      expect(body.signature).toEqual(sig);
    });
  }
});
