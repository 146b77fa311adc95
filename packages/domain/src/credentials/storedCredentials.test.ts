import { describe, expect, it } from 'vitest';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import { foldState } from '../shared/decider.js';
import { credentialsDecider } from './credentialsDecider.js';
import { storedCredentials, WALLET_NOT_APPROVED_MESSAGE } from './storedCredentials.js';
import { account, ACCOUNT, API_WALLET, at, sealed } from '../testing/fixtures.js';

const saved = (keyId: string, when: number): UserEvent => ({
  type: 'CredentialsSaved',
  v: 1,
  data: { apiWalletAddress: API_WALLET, accountAddress: ACCOUNT, isTestnet: false, sealedPrivateKey: sealed(keyId), at: at(when) },
});
const deleted = (keyId: string, when: number): UserEvent => ({ type: 'CredentialsDeleted', v: 1, data: { dataKeyId: keyId, at: at(when) } });
const checked = (approved: boolean, message: string | null, when: number, wallet = API_WALLET): UserEvent => ({
  type: 'CredentialsChecked',
  v: 1,
  data: { apiWalletAddress: wallet, approved, problem: approved ? null : 'notApproved', message, at: at(when) },
});

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

  it('issue 42, point 2: given the background check refused the current wallet, then the refusal is kept with its message; a save, a deletion or an approving check clears it', () => {
    expect(storedCredentials([...account, saved('dk-1', 1), checked(false, 'Not approved for this account.', 2)]).refused).toBe(
      'Not approved for this account.',
    );
    expect(storedCredentials([...account, saved('dk-1', 1), checked(false, null, 2)]).refused).toBe(WALLET_NOT_APPROVED_MESSAGE);
    expect(storedCredentials([...account, saved('dk-1', 1), checked(false, 'No.', 2), saved('dk-2', 3)]).refused).toBeNull();
    expect(storedCredentials([...account, saved('dk-1', 1), checked(false, 'No.', 2), deleted('dk-1', 3)]).refused).toBeNull();
    expect(storedCredentials([...account, saved('dk-1', 1), checked(false, 'No.', 2), checked(true, null, 3)]).refused).toBeNull();
  });

  it('issue 42, point 2: given a check of a wallet other than the current one, then it changes nothing (the keys were replaced meanwhile)', () => {
    const other = '0x1111111111111111111111111111111111111111';
    expect(storedCredentials([...account, saved('dk-1', 1), checked(false, 'No.', 2, other)]).refused).toBeNull();
  });
});
