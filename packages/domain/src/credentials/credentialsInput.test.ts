import { describe, expect, it } from 'vitest';
import { validateCredentialsInput, type RawCredentialsInput } from './credentialsInput.js';
import { ACCOUNT, API_WALLET, PRIVATE_KEY } from '../testing/fixtures.js';

const valid: RawCredentialsInput = { hyperliquidApiKey: API_WALLET, hyperliquidPrivateKey: PRIVATE_KEY, accountAddress: ACCOUNT, isTestnet: false };

function errorOf(input: RawCredentialsInput) {
  const result = validateCredentialsInput(input);
  if (result.ok) throw new Error('expected the input to be refused');
  return result.error;
}

describe('validateCredentialsInput', () => {
  it('VAL-05, VAL-06: accepts a valid form and returns the fields trimmed', () => {
    expect(
      validateCredentialsInput({
        hyperliquidApiKey: ` ${API_WALLET}\n`,
        hyperliquidPrivateKey: `\t${PRIVATE_KEY} `,
        accountAddress: `  ${ACCOUNT}`,
        isTestnet: true,
      }),
    ).toEqual({ ok: true, value: { apiWalletAddress: API_WALLET, privateKey: PRIVATE_KEY, accountAddress: ACCOUNT, isTestnet: true } });
  });

  it.each([
    ['hyperliquidApiKey', 'API_WALLET_ADDRESS_REQUIRED', 'API wallet address is required.'],
    ['hyperliquidPrivateKey', 'PRIVATE_KEY_REQUIRED', 'Private key is required.'],
    ['accountAddress', 'ACCOUNT_ADDRESS_REQUIRED', 'Main account address is required.'],
  ] as const)('VAL-05, VAL-11: a missing %s is refused with %s', (field, code, message) => {
    const error = errorOf({ ...valid, [field]: undefined });
    expect([error.code, error.message]).toEqual([code, message]);
  });

  it('VAL-06: a field of only spaces counts as missing', () => {
    expect(errorOf({ ...valid, accountAddress: '   ' }).code).toBe('ACCOUNT_ADDRESS_REQUIRED');
  });

  it('VAL-05: with every field missing, the first is the headline and all three are listed', () => {
    const error = errorOf({});
    expect(error.code).toBe('API_WALLET_ADDRESS_REQUIRED');
    expect(error.fieldErrors.map((f) => f.field)).toEqual(['hyperliquidApiKey', 'hyperliquidPrivateKey', 'accountAddress']);
  });

  it.each([
    'Ab8483F64d9C6d1EcF9b849Ae677dD3315835cb2',
    '0xAb8483F64d9C6d1EcF9b849Ae677dD3315835cb',
    '0xAb8483F64d9C6d1EcF9b849Ae677dD3315835cb2a',
    '0xGb8483F64d9C6d1EcF9b849Ae677dD3315835cb2',
  ])('VAL-07: main account address %s is refused with the spec title and message', (accountAddress) => {
    const error = errorOf({ ...valid, accountAddress });
    expect({ code: error.code, title: error.title, message: error.message }).toEqual({
      code: 'INVALID_ACCOUNT_ADDRESS',
      title: 'Invalid account address',
      message: 'Main account address must be 0x followed by 40 hexadecimal characters.',
    });
  });

  it('VAL-08: the same address in another case is refused with the spec title and message', () => {
    const error = errorOf({ ...valid, accountAddress: API_WALLET.toLowerCase() });
    expect({ code: error.code, title: error.title, message: error.message }).toEqual({
      code: 'SAME_ADDRESSES',
      title: 'Two different addresses required',
      message: 'The main account address cannot be the same as the API wallet address.',
    });
  });

  it.each([PRIVATE_KEY.slice(2), PRIVATE_KEY.slice(0, -1), `${PRIVATE_KEY}0`, PRIVATE_KEY.replace('4c', 'zz')])(
    'VAL-09, VAL-11: private key %s is refused, and the message never echoes it',
    (hyperliquidPrivateKey) => {
      const error = errorOf({ ...valid, hyperliquidPrivateKey });
      expect([error.code, error.title, error.message]).toEqual([
        'INVALID_PRIVATE_KEY',
        'Invalid private key',
        'Private key must be 0x followed by 64 hexadecimal characters.',
      ]);
      expect(JSON.stringify(error.toJSON())).not.toContain(hyperliquidPrivateKey);
    },
  );

  it('VAL-09: an upper-case hex private key is accepted', () => {
    expect(validateCredentialsInput({ ...valid, hyperliquidPrivateKey: `0x${PRIVATE_KEY.slice(2).toUpperCase()}` }).ok).toBe(true);
  });

  it.each(['0x123', API_WALLET.slice(2), `${API_WALLET}ff`])('VAL-10, VAL-11: API wallet address %s is refused', (hyperliquidApiKey) => {
    const error = errorOf({ ...valid, hyperliquidApiKey });
    expect([error.code, error.title, error.message]).toEqual([
      'INVALID_API_WALLET_ADDRESS',
      'Invalid API wallet address',
      'API wallet address must be 0x followed by 40 hexadecimal characters.',
    ]);
  });

  it('VAL-11: several problems are listed in form order, the first being the headline', () => {
    const error = errorOf({ hyperliquidApiKey: 'x', hyperliquidPrivateKey: 'y', accountAddress: 'z' });
    expect(error.code).toBe('INVALID_API_WALLET_ADDRESS');
    expect(error.fieldErrors.map((f) => f.field)).toEqual(['hyperliquidApiKey', 'hyperliquidPrivateKey', 'accountAddress']);
  });

  it('TAB-KEYS-03: testnet only when asked; mainnet otherwise', () => {
    const testnet = (isTestnet: unknown) => {
      const result = validateCredentialsInput({ ...valid, isTestnet });
      return result.ok ? result.value.isTestnet : null;
    };
    expect([testnet(true), testnet('true'), testnet(false), testnet(undefined), testnet('yes')]).toEqual([true, true, false, false, false]);
  });
});
