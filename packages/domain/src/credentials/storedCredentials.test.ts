import { describe, expect, it } from 'vitest';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import { foldState } from '../shared/decider.js';
import { credentialsDecider } from './credentialsDecider.js';
import { storedCredentials } from './storedCredentials.js';
import { account, ACCOUNT, API_WALLET, at, sealed } from '../testing/fixtures.js';

const saved = (keyId: string, when: number): UserEvent => ({
  type: 'CredentialsSaved',
  v: 1,
  data: { apiWalletAddress: API_WALLET, accountAddress: ACCOUNT, isTestnet: false, sealedPrivateKey: sealed(keyId), at: at(when) },
});
const deleted = (keyId: string, when: number): UserEvent => ({ type: 'CredentialsDeleted', v: 1, data: { dataKeyId: keyId, at: at(when) } });

describe('storedCredentials', () => {
  it('CARD-14: given a save, then those credentials are in force', () => {
    expect(storedCredentials([...account, saved('dk-1', 1)]).current?.sealedPrivateKey.keyId).toBe('dk-1');
  });

  it('API-10, LEGAL-08: given a deletion after the save, then none are in force but the last saved account is kept', () => {
    const read = storedCredentials([...account, saved('dk-1', 1), deleted('dk-1', 2)]);
    expect(read.current).toBeNull();
    expect(read.lastSaved?.accountAddress).toBe(ACCOUNT);
  });

  it('LEGAL-08: given a replacement under a new data key, then the new keys are in force, as the decider sees it', () => {
    const events = [...account, saved('dk-1', 1), deleted('dk-1', 2), saved('dk-2', 2)];
    expect(storedCredentials(events).current?.sealedPrivateKey.keyId).toBe('dk-2');
    expect(foldState(credentialsDecider, events).dataKeyId).toBe('dk-2');
  });
});
