import { describe, expect, it } from 'vitest';
import { checkKeysDraft, EMPTY_DRAFT, fieldMessages } from './keysDraft';

const wallet = '0x2222222222222222222222222222222222222222';
const account = '0x1111111111111111111111111111111111111111';
const key = `0x${'ab'.repeat(32)}`;
const good = { apiWalletAddress: wallet, privateKey: key, accountAddress: account, isTestnet: true };

describe("keys draft check (spec §5, the domain's validateCredentialsInput)", () => {
  it('VAL-05, VAL-11: given empty fields, then each required field has its message, the first as the headline', () => {
    const check = checkKeysDraft(EMPTY_DRAFT);
    expect(check).toEqual({
      ok: false,
      problems: {
        title: 'Missing API wallet address',
        message: 'API wallet address is required.',
        fields: {
          apiWalletAddress: 'API wallet address is required.',
          privateKey: 'Private key is required.',
          accountAddress: 'Main account address is required.',
        },
      },
    });
  });

  it('VAL-06: given spaces around the fields, then they are trimmed before checking and saving', () => {
    expect(checkKeysDraft({ apiWalletAddress: `  ${wallet} `, privateKey: ` ${key}\n`, accountAddress: `\t${account} `, isTestnet: false })).toEqual({
      ok: true,
      input: { apiWalletAddress: wallet, privateKey: key, accountAddress: account, isTestnet: false },
    });
  });

  it('VAL-07: given a malformed main account address, then "Invalid account address" / "Main account address must be 0x followed by 40 hexadecimal characters."', () => {
    expect(checkKeysDraft({ ...good, accountAddress: '0x1234' })).toEqual({
      ok: false,
      problems: {
        title: 'Invalid account address',
        message: 'Main account address must be 0x followed by 40 hexadecimal characters.',
        fields: { accountAddress: 'Main account address must be 0x followed by 40 hexadecimal characters.' },
      },
    });
  });

  it('VAL-08: given the same address twice in another case, then "Two different addresses required" / "The main account address cannot be the same as the API wallet address."', () => {
    const check = checkKeysDraft({ ...good, accountAddress: wallet.toUpperCase().replace('0X', '0x') });
    expect(check).toMatchObject({
      ok: false,
      problems: { title: 'Two different addresses required', message: 'The main account address cannot be the same as the API wallet address.' },
    });
  });

  it('VAL-09, VAL-10: given a malformed private key and API wallet address, then both fields say so', () => {
    const check = checkKeysDraft({ ...good, privateKey: '0x1234', apiWalletAddress: 'wallet' });
    expect(check).toMatchObject({
      ok: false,
      problems: {
        fields: {
          apiWalletAddress: 'API wallet address must be 0x followed by 40 hexadecimal characters.',
          privateKey: 'Private key must be 0x followed by 64 hexadecimal characters.',
        },
      },
    });
  });

  it("given an api refusal's field errors, then the form fields they name; unknown fields are left out", () => {
    expect(
      fieldMessages([
        { field: 'hyperliquidPrivateKey', message: 'A' },
        { field: 'hyperliquidPrivateKey', message: 'B' },
        { field: 'other', message: 'C' },
      ]),
    ).toEqual({ privateKey: 'A' });
  });
});
