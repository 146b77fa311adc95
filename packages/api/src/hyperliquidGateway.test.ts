import type { Simulator } from '@hyperhook/venue-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHyperliquidGateway } from './hyperliquidGateway.js';
import { ADDRESSES, KEYS, startTestSimulator } from './testing/testApp.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => {
  await sim.close();
});

describe('createHyperliquidGateway', () => {
  it('given the testnet URL of the simulator, when checking a key on testnet, then the simulator answers; mainnet goes to the mainnet URL', async () => {
    const gateway = createHyperliquidGateway({ hyperliquidApiUrl: 'http://127.0.0.1:9', hyperliquidTestnetApiUrl: sim.url });
    const input = { privateKey: KEYS.agentA, apiWalletAddress: ADDRESSES.agentA, accountAddress: ADDRESSES.masterA };
    expect(await gateway(true).verifyAgentKey({ ...input, isTestnet: true })).toMatchObject({ ok: true });
    expect(await gateway(false).verifyAgentKey({ ...input, isTestnet: false })).toMatchObject({ ok: false, problem: 'unreachable' });
  });
});
