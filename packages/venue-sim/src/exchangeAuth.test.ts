/**
 * /exchange authentication: signatures from the SDK and from plain viem are accepted; tampering,
 * nonce misuse, expiry, wrong network and unknown signers are refused with the venue's strings,
 * and refusals leave the nonce unused.
 */
import { encode } from '@msgpack/msgpack';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { concat, hexToBytes, keccak256, numberToBytes } from 'viem';
import { startSimulator } from './startSimulator.js';
import { agent, createClock, exchange, limit, master, orderAction, post, signedBody, startTestSim, stranger, type TestSim } from './testing/harness.js';

const ORDER = orderAction([limit(0, true, '90000', '0.001')]);
const RESTING = { status: 'ok', response: { type: 'order', data: { statuses: [{ resting: { oid: expect.any(Number) } }] } } };
const DAY = 86_400_000;

let t: TestSim;
beforeEach(async () => {
  t = await startTestSim();
});
afterEach(async () => {
  await t.sim.close();
});

describe('accepted signatures', () => {
  it('given an order signed by the master with the SDK signL1Action, when posted, then it rests', async () => {
    expect(await exchange(t.sim.url, master, ORDER, { nonce: t.clock.nonce() })).toEqual(RESTING);
  });

  it('given an order signed with plain viem (msgpack + keccak + signTypedData), when posted, then it rests', async () => {
    const nonce = t.clock.nonce();
    const connectionId = keccak256(concat([encode(ORDER), numberToBytes(BigInt(nonce), { size: 8 }), new Uint8Array([0])]));
    const sig = await master.signTypedData({
      domain: { name: 'Exchange', version: '1', chainId: 1337, verifyingContract: '0x0000000000000000000000000000000000000000' },
      types: {
        Agent: [
          { name: 'source', type: 'string' },
          { name: 'connectionId', type: 'bytes32' },
        ],
      },
      primaryType: 'Agent',
      message: { source: 'b', connectionId },
    });
    const bytes = hexToBytes(sig);
    const signature = { r: sig.slice(0, 66), s: `0x${sig.slice(66, 130)}`, v: bytes[64] };
    expect((await post(t.sim.url, '/exchange', { action: ORDER, nonce, signature })).json).toEqual(RESTING);
  });

  it('given r without zero padding (python to_hex), when posted, then it still recovers the master', async () => {
    let body: Record<string, unknown> = {};
    // A signature whose r starts with a zero nibble appears about once in 16 nonces.
    for (let i = 0; i < 200; i += 1) {
      body = await signedBody(master, ORDER, { nonce: t.clock.nonce() });
      if ((body.signature as { r: string }).r.startsWith('0x0')) break;
    }
    const sig = body.signature as { r: string; s: string; v: number };
    expect(sig.r.startsWith('0x0')).toBe(true);
    const stripped = { ...body, signature: { ...sig, r: `0x${sig.r.slice(2).replace(/^0+/, '')}` } };
    expect((await post(t.sim.url, '/exchange', stripped)).json).toEqual(RESTING);
  });

  it('given keys reordered and "90000.0" in the posted JSON of a canonically signed action, then it is accepted', async () => {
    const body = await signedBody(master, ORDER, { nonce: t.clock.nonce() });
    const posted = { ...body, action: { grouping: 'na', type: 'order', orders: [{ ...limit(0, true, '90000.0', '0.0010') }] } };
    expect((await post(t.sim.url, '/exchange', posted)).json).toEqual(RESTING);
  });

  it('given an approved agent signs, when the order rests, then it belongs to the master', async () => {
    await exchange(t.sim.url, agent, ORDER, { nonce: t.clock.nonce() });
    const orders = (await post(t.sim.url, '/info', { type: 'openOrders', user: master.address })).json as unknown[];
    expect(orders).toHaveLength(1);
    expect((await post(t.sim.url, '/info', { type: 'openOrders', user: agent.address })).json).toEqual([]);
  });

  it('given a mainnet simulator, when a mainnet ("a") signature arrives, then it is accepted', async () => {
    const mainnet = await startSimulator({ network: 'mainnet', priceTickMs: null, now: t.clock.now, accounts: [{ address: master.address, usdc: 1000 }] });
    try {
      expect(await exchange(mainnet.url, master, ORDER, { nonce: t.clock.nonce(), isTestnet: false })).toEqual(RESTING);
    } finally {
      await mainnet.close();
    }
  });
});

describe('refused signatures', () => {
  it('given one price changed after signing, when posted, then an unknown random signer is reported', async () => {
    const body = await signedBody(master, ORDER, { nonce: t.clock.nonce() });
    const tampered = { ...body, action: orderAction([limit(0, true, '90001', '0.001')]) };
    const reply = (await post(t.sim.url, '/exchange', tampered)).json as { status: string; response: string };
    expect(reply.status).toBe('err');
    expect(reply.response).toMatch(/^User or API Wallet 0x[0-9a-f]{40} does not exist\.$/);
    expect(reply.response).not.toContain(master.address.toLowerCase());
  });

  it('given a stranger signs, when posted, then "User or API Wallet <stranger> does not exist."', async () => {
    expect(await exchange(t.sim.url, stranger, ORDER, { nonce: t.clock.nonce() })).toEqual({
      status: 'err',
      response: `User or API Wallet ${stranger.address.toLowerCase()} does not exist.`,
    });
  });

  it('given a mainnet signature on the testnet simulator, when posted, then the signer is unknown', async () => {
    const reply = (await exchange(t.sim.url, master, ORDER, { nonce: t.clock.nonce(), isTestnet: false })) as { response: string };
    expect(reply.response).toMatch(/^User or API Wallet 0x[0-9a-f]{40} does not exist\.$/);
    expect(reply.response).not.toContain(master.address.toLowerCase());
  });

  it('given the same signed body twice, when posted, then the second is a duplicate nonce', async () => {
    const nonce = t.clock.nonce();
    const body = await signedBody(master, ORDER, { nonce });
    await post(t.sim.url, '/exchange', body);
    expect((await post(t.sim.url, '/exchange', body)).json).toEqual({ status: 'err', response: `Invalid nonce: duplicate nonce ${nonce}` });
    expect(t.sim.stats().ordersAccepted).toBe(1);
  });

  it('given a nonce older than two days, when posted, then "nonce too low" with the bound', async () => {
    const nonce = t.clock.now() - 2 * DAY - 1;
    expect(await exchange(t.sim.url, master, ORDER, { nonce })).toEqual({
      status: 'err',
      response: `Invalid nonce: nonce too low ${nonce} < ${t.clock.now() - 2 * DAY}`,
    });
  });

  it('given a nonce more than a day ahead, when posted, then "nonce too high" with the bound', async () => {
    const nonce = t.clock.now() + DAY + 1;
    expect(await exchange(t.sim.url, master, ORDER, { nonce })).toEqual({
      status: 'err',
      response: `Invalid nonce: nonce too high ${nonce} > ${t.clock.now() + DAY}`,
    });
  });

  it('given 100 used nonces, when a nonce below all of them arrives, then "nonce too low" against the smallest kept', async () => {
    const base = t.clock.now();
    for (let i = 1; i <= 100; i += 1) await exchange(t.sim.url, master, { type: 'noop' }, { nonce: base + i });
    expect(await exchange(t.sim.url, master, { type: 'noop' }, { nonce: base })).toEqual({
      status: 'err',
      response: `Invalid nonce: nonce too low ${base} < ${base + 1}`,
    });
  });

  it('given expiresAfter in the past, when posted, then "Action already expired" and the nonce stays usable', async () => {
    const nonce = t.clock.nonce();
    expect(await exchange(t.sim.url, master, ORDER, { nonce, expiresAfter: t.clock.now() - 1 })).toEqual({
      status: 'err',
      response: 'Action already expired',
    });
    expect(await exchange(t.sim.url, master, ORDER, { nonce, expiresAfter: t.clock.now() + 60_000 })).toEqual(RESTING);
  });

  it('given an agent past its valid_until, when it signs, then "Agent valid_until already expired."', async () => {
    t.sim.seedAccount({ address: master.address, usdc: 10_000, agents: [{ address: stranger.address, name: 'short', validUntil: t.clock.now() + 1_000 }] });
    t.clock.advance(2_000);
    expect(await exchange(t.sim.url, stranger, ORDER, { nonce: t.clock.nonce() })).toEqual({
      status: 'err',
      response: 'Agent valid_until already expired.',
    });
  });

  it('given a vaultAddress that is no sub-account of the signer\'s master, when posted, then "Vault not registered" (the simulator has no vaults)', async () => {
    const vault = '0x1719884eb866cb12b2287399b15f7db5e7d775ea';
    expect(await exchange(t.sim.url, master, ORDER, { nonce: t.clock.nonce(), vaultAddress: vault })).toEqual({
      status: 'err',
      response: `Vault not registered: ${vault}`,
    });
  });

  it('given a refused (unknown signer) request, when the master later uses that nonce, then it is accepted', async () => {
    const nonce = t.clock.nonce();
    await exchange(t.sim.url, stranger, ORDER, { nonce });
    const tampered = { ...(await signedBody(master, ORDER, { nonce })), action: orderAction([limit(0, true, '90001', '0.001')]) };
    await post(t.sim.url, '/exchange', tampered);
    expect(await exchange(t.sim.url, master, ORDER, { nonce })).toEqual(RESTING);
  });
});

describe('undeserialisable bodies ⇒ 422 text/plain', () => {
  const expect422 = async (body: unknown, raw = false) => {
    const reply = await post(t.sim.url, '/exchange', body, raw);
    expect(reply.status).toBe(422);
    expect(reply.contentType).toMatch(/^text\/plain/);
    expect(reply.text).toBe('Failed to deserialize the JSON body into the target type');
  };

  it('given malformed JSON, then 422', async () => {
    await expect422('{"action": {', true);
  });
  it('given a float price, then 422', async () => {
    const body = await signedBody(master, ORDER, { nonce: t.clock.nonce() });
    await expect422({ ...body, action: { type: 'order', orders: [{ ...limit(0, true, '90000', '0.001'), p: 90000.5 }], grouping: 'na' } });
  });
  it('given a cloid that is not 32 hex digits, then 422', async () => {
    await expect422(await signedBody(master, orderAction([limit(0, true, '90000', '0.001', { c: '0x123' })]), { nonce: t.clock.nonce() }));
  });
  it('given an unknown action type, then 422', async () => {
    await expect422(await signedBody(master, { type: 'withdrawAll' }, { nonce: t.clock.nonce() }));
  });
  it('given no signature, then 422', async () => {
    await expect422({ action: ORDER, nonce: t.clock.nonce() });
  });
});

describe('clock', () => {
  it('given the injectable clock, when it moves, then the nonce window moves with it', async () => {
    const clock = createClock(1_800_000_000_000);
    const t2 = await startTestSim({ clock });
    try {
      const nonce = clock.now();
      clock.advance(3 * DAY);
      expect(((await exchange(t2.sim.url, master, ORDER, { nonce })) as { response: string }).response).toMatch(/^Invalid nonce: nonce too low/);
    } finally {
      await t2.sim.close();
    }
  });
});
