import { bytesToHex } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { AGENT_TYPES, L1_DOMAIN } from '../crypto/typedDataDigest.js';
import { approveAgentTypedData } from '../testing/approveAgentTypedData.js';
import { accountFromPrivateKey, InvalidPrivateKeyError } from './signerAccount.js';

const KEY = `0x${'4c'.repeat(32)}` as const;

describe('accountFromPrivateKey: the API wallet that signs orders (CARD-19)', () => {
  it('given any phantom agent, when the account signs it, then the signature is the one viem signs', async () => {
    const ours = accountFromPrivateKey(KEY);
    const viem = privateKeyToAccount(KEY);
    expect(ours.address).toBe(viem.address);
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.constantFrom('a', 'b'), async (bytes, source) => {
        const typed = {
          domain: L1_DOMAIN,
          types: AGENT_TYPES,
          primaryType: 'Agent' as const,
          message: { source, connectionId: `0x${bytesToHex(bytes)}` as const },
        };
        expect(await ours.signTypedData(typed)).toBe(await viem.signTypedData(typed));
      }),
      { numRuns: 50 },
    );
  });

  it('given a user-signed action (approveAgent), when the account signs it, then the signature is the one viem signs', async () => {
    const typed = approveAgentTypedData('Testnet', '0x00000000000000000000000000000000000000aa', 'hyperhook', 1_700_000_000_000n);
    expect(await accountFromPrivateKey(KEY).signTypedData(typed)).toBe(await privateKeyToAccount(KEY).signTypedData(typed));
  });

  it('given the account, when the Hyperliquid SDK inspects it, then it is a viem local account (one declared parameter, an address)', () => {
    const account = accountFromPrivateKey(KEY);
    expect(account.signTypedData.length).toBe(1);
    expect(account.type).toBe('local');
  });

  it('given keys that are not keys (short, not hex, zero), when turned into an account, then InvalidPrivateKeyError says so without the key', () => {
    for (const bad of ['0x1234', `0x${'zz'.repeat(32)}`, `0x${'00'.repeat(32)}`]) {
      let thrown: unknown;
      try {
        accountFromPrivateKey(bad);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(InvalidPrivateKeyError);
      expect((thrown as Error).message).not.toContain(bad.slice(2));
    }
  });
});
