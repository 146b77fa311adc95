import { describe, expect, it } from 'vitest';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import { foldState } from '../shared/decider.js';
import { credentialsDecider, type CredentialsCommand } from './credentialsDecider.js';
import { deciderSpec } from '../testing/deciderSpec.js';
import { account, ACCOUNT, API_WALLET, at, PRIVATE_KEY, sealed } from '../testing/fixtures.js';

const spec = deciderSpec(credentialsDecider);

const save = (overrides: Partial<Extract<CredentialsCommand, { type: 'SaveCredentials' }>> = {}): CredentialsCommand => ({
  type: 'SaveCredentials',
  apiWalletAddress: API_WALLET,
  accountAddress: ACCOUNT,
  isTestnet: true,
  sealedPrivateKey: sealed('dk-1'),
  at: at(100),
  ...overrides,
});
const saved = (keyId = 'dk-1', when = at(100)): UserEvent => ({
  type: 'CredentialsSaved',
  v: 1,
  data: { apiWalletAddress: API_WALLET, accountAddress: ACCOUNT, isTestnet: true, sealedPrivateKey: sealed(keyId), at: when },
});
const deleted = (keyId = 'dk-1', when = at(200)): UserEvent => ({ type: 'CredentialsDeleted', v: 1, data: { dataKeyId: keyId, at: when } });

describe('credentialsDecider — SaveCredentials', () => {
  it('CARD-14, LEGAL-08: records the addresses as given and the private key only sealed', () => {
    spec.given(account).when(save()).then([saved()]);
    const [event] = credentialsDecider.decide(save(), foldState(credentialsDecider, account));
    expect(JSON.stringify(event)).not.toContain(PRIVATE_KEY.slice(2));
    expect(Object.keys(event?.data ?? {})).not.toContain('privateKey');
  });

  it('needs an existing account', () => {
    spec.given([]).when(save()).then({ code: 'ACCOUNT_NOT_FOUND' });
  });

  it('VAL-07: re-checks the main account address', () => {
    spec
      .given(account)
      .when(save({ accountAddress: '0x1234' }))
      .then({
        code: 'INVALID_ACCOUNT_ADDRESS',
        title: 'Invalid account address',
        message: 'Main account address must be 0x followed by 40 hexadecimal characters.',
      });
  });

  it('VAL-08: re-checks that the addresses differ case-insensitively', () => {
    spec
      .given(account)
      .when(save({ accountAddress: API_WALLET.toUpperCase().replace('0X', '0x') }))
      .then({
        code: 'SAME_ADDRESSES',
        title: 'Two different addresses required',
        message: 'The main account address cannot be the same as the API wallet address.',
      });
  });

  it('VAL-10: re-checks the API wallet address (untrimmed input is not silently accepted)', () => {
    spec
      .given(account)
      .when(save({ apiWalletAddress: ` ${API_WALLET}` }))
      .then({ code: 'INVALID_API_WALLET_ADDRESS' });
  });

  it('STATE-09: updating keys under the same data key records one save', () => {
    spec
      .given([...account, saved()])
      .when(save({ at: at(150) }))
      .then([saved('dk-1', at(150))]);
  });

  it('LEGAL-08: replacing keys under a new data key shreds the old one first', () => {
    spec
      .given([...account, saved()])
      .when(save({ sealedPrivateKey: sealed('dk-2'), at: at(150) }))
      .then([deleted('dk-1', at(150)), saved('dk-2', at(150))]);
  });

  it('LEGAL-08: a destroyed data key can never seal again (shredding stays final)', () => {
    spec
      .given([...account, saved(), deleted()])
      .when(save({ at: at(300) }))
      .then({ code: 'DATA_KEY_DESTROYED', title: 'Unable to save API keys' });
  });

  it('after a deletion, keys sealed under a new data key are saved', () => {
    spec
      .given([...account, saved(), deleted()])
      .when(save({ sealedPrivateKey: sealed('dk-2'), at: at(300) }))
      .then([saved('dk-2', at(300))]);
  });
});

describe('credentialsDecider — DeleteCredentials', () => {
  const remove: CredentialsCommand = { type: 'DeleteCredentials', at: at(200) };

  it('API-10, STATE-10, LEGAL-08: deletes the keys by naming the data key to destroy', () => {
    spec
      .given([...account, saved('dk-7')])
      .when(remove)
      .then([deleted('dk-7')]);
  });

  it('with nothing stored, deleting records nothing (idempotent DELETE)', () => {
    spec.given(account).when(remove).thenNothing();
  });

  it('deleting twice records one deletion', () => {
    spec
      .given([...account, saved(), deleted()])
      .when(remove)
      .thenNothing();
  });

  it('needs an existing account', () => {
    spec.given([]).when(remove).then({ code: 'ACCOUNT_NOT_FOUND' });
  });
});
