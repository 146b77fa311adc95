import { describe, expect, it } from 'vitest';
import type { AccountEvent } from '../eventModel/accountStreamEvents.js';
import type { SignalEvent } from '../signal/signalEvents.js';
import { accountStreamId, signalStreamId, userStreamId } from '../eventModel/streams.js';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import { DEFAULT_SETTINGS, type Settings } from '../settings/settingsSchema.js';
import { account, ACCOUNT, API_WALLET, at, SIGNAL_ID, submitted, UID, sealed } from '../testing/fixtures.js';
import { balancesProjection } from '../account/balancesProjection.js';
import { keySummaryProjection, toCredentialsRecord } from '../credentials/keySummaryProjection.js';
import { foldProjection } from './readModel.js';
import { referralInfoOf, referralProjection } from '../referral/referralProjection.js';
import { settingsOf, settingsProjection } from '../settings/settingsProjection.js';
import { eventLog } from './testing/eventLog.js';

const saved = (apiWalletAddress = API_WALLET, when = 100): UserEvent => ({
  type: 'CredentialsSaved',
  v: 1,
  data: { apiWalletAddress, accountAddress: ACCOUNT, isTestnet: true, sealedPrivateKey: sealed(), at: at(when) },
});
const deleted: UserEvent = { type: 'CredentialsDeleted', v: 1, data: { dataKeyId: 'dk-1', at: at(300) } };
const submittedAt = (ms: number): SignalEvent =>
  submitted.type === 'OrderSubmitted' ? { ...submitted, data: { ...submitted.data, signedAt: at(ms) } } : submitted;

describe('keySummaryProjection', () => {
  function summary(...steps: Array<['user' | 'signal', UserEvent | SignalEvent]>) {
    const log = eventLog();
    for (const [kind, event] of steps) log.append(kind === 'user' ? userStreamId(UID) : signalStreamId(SIGNAL_ID), event);
    return foldProjection(keySummaryProjection, log.records).get(UID) ?? null;
  }

  it('ENT-03, STATE-08: an account without keys is not configured', () => {
    expect(toCredentialsRecord(summary(['user', account[0] as UserEvent]))).toEqual({
      configured: false,
      accountAddress: null,
      apiWalletAddress: null,
      isTestnet: false,
      lastUsed: null,
      validUntil: null,
      approval: null,
      approvalMessage: null,
    });
    expect(toCredentialsRecord(null).configured).toBe(false);
  });

  it('ENT-03, STATE-09, TAB-KEYS-03/04: saved keys show the account address and network', () => {
    expect(toCredentialsRecord(summary(['user', account[0] as UserEvent], ['user', saved()]))).toEqual({
      configured: true,
      accountAddress: ACCOUNT,
      apiWalletAddress: API_WALLET,
      isTestnet: true,
      lastUsed: null,
      validUntil: null,
      approval: 'confirmed',
      approvalMessage: null,
    });
  });

  it("issue 42, point 2: keys saved with the named wallet's expiry show it; keys saved again without one show none", () => {
    const named = { ...saved(), data: { ...saved().data, validUntil: at(9_000) } } as UserEvent;
    expect(toCredentialsRecord(summary(['user', account[0] as UserEvent], ['user', named])).validUntil).toBe(at(9_000));
    expect(toCredentialsRecord(summary(['user', account[0] as UserEvent], ['user', named], ['user', saved()])).validUntil).toBeNull();
  });

  it('issue 42, point 2: keys of an unnamed wallet saved unconfirmed are checking; its check makes them confirmed or refused with the message; a check of a wallet replaced since changes nothing', () => {
    const unconfirmed = { ...saved(), data: { ...saved().data, unconfirmed: true } } as UserEvent;
    const checked = (approved: boolean, wallet = API_WALLET): UserEvent => ({
      type: 'CredentialsChecked',
      v: 1,
      data: { apiWalletAddress: wallet, approved, problem: approved ? null : 'notApproved', message: approved ? null : 'Not known.', at: at(500) },
    });
    const start: Array<['user' | 'signal', UserEvent | SignalEvent]> = [
      ['user', account[0] as UserEvent],
      ['user', unconfirmed],
    ];
    expect(toCredentialsRecord(summary(...start)).approval).toBe('checking');
    expect(toCredentialsRecord(summary(...start, ['user', checked(true)])).approval).toBe('confirmed');
    expect(toCredentialsRecord(summary(...start, ['user', checked(false)]))).toMatchObject({ approval: 'refused', approvalMessage: 'Not known.' });
    expect(toCredentialsRecord(summary(...start, ['user', checked(false, '0x' + 'c'.repeat(40))])).approval).toBe('checking');
  });

  it('TAB-KEYS-05, ENT-04: lastUsed is the time the API wallet last signed an order, learnt from OrderSubmitted', () => {
    const doc = summary(['user', account[0] as UserEvent], ['user', saved()], ['signal', submittedAt(200)]);
    expect(toCredentialsRecord(doc).lastUsed).toBe(at(200));
    expect(doc?.version).toBe(3);
  });

  it('LEGAL-08, ENT-03: the summary never holds the private key, sealed or not', () => {
    const doc = summary(['user', account[0] as UserEvent], ['user', saved()]);
    expect(JSON.stringify(doc)).not.toContain(sealed().ciphertext);
    expect(JSON.stringify(doc)).not.toMatch(/privateKey/i);
  });

  it('STATE-10: deleted keys are not configured and forgotten; an order racing the deletion changes nothing', () => {
    const doc = summary(['user', account[0] as UserEvent], ['user', saved()], ['signal', submittedAt(200)], ['user', deleted], ['signal', submittedAt(400)]);
    expect(toCredentialsRecord(doc)).toEqual({
      configured: false,
      accountAddress: null,
      apiWalletAddress: null,
      isTestnet: false,
      lastUsed: null,
      validUntil: null,
      approval: null,
      approvalMessage: null,
    });
    expect(doc?.data.deletedAt).toBe(at(300));
  });

  it('updating keys for the same API wallet keeps lastUsed; another wallet starts unused', () => {
    const base: Array<['user' | 'signal', UserEvent | SignalEvent]> = [
      ['user', account[0] as UserEvent],
      ['user', saved()],
      ['signal', submittedAt(200)],
    ];
    expect(toCredentialsRecord(summary(...base, ['user', saved(API_WALLET.toLowerCase(), 250)])).lastUsed).toBe(at(200));
    expect(toCredentialsRecord(summary(...base, ['user', saved('0x' + 'c'.repeat(40), 250)])).lastUsed).toBeNull();
  });
});

describe('settingsProjection', () => {
  const mine: Settings = { ...DEFAULT_SETTINGS, trading: { ...DEFAULT_SETTINGS.trading, leverage: 3 } };

  it('API-11: DEFAULT_SETTINGS from sign-up until changed, then the latest change; reset restores defaults', () => {
    const log = eventLog();
    log.append(userStreamId(UID), ...account);
    expect(settingsOf(foldProjection(settingsProjection, log.records).get(UID) ?? null)).toEqual(DEFAULT_SETTINGS);
    log.append(userStreamId(UID), { type: 'SettingsUpdated', v: 1, data: { settings: mine, at: at(10) } });
    const updated = foldProjection(settingsProjection, log.records).get(UID) ?? null;
    expect([settingsOf(updated), updated?.data.updatedAt]).toEqual([mine, at(10)]);
    log.append(userStreamId(UID), { type: 'SettingsReset', v: 1, data: { settings: DEFAULT_SETTINGS, at: at(20) } });
    expect(settingsOf(foldProjection(settingsProjection, log.records).get(UID) ?? null)).toEqual(DEFAULT_SETTINGS);
    expect(settingsOf(null)).toEqual(DEFAULT_SETTINGS);
  });
});

describe('balancesProjection', () => {
  const balance = (when: number, availableBalance: string): AccountEvent => ({
    type: 'BalanceSnapshotTaken',
    v: 2,
    data: { at: at(when), availableBalance, totalEquity: '1250.75', marginUsed: '200', totalNotional: 'oops', withdrawable: '1000' },
  });

  it('ENT-17, ENT-15, CARD-23: the latest snapshot as numbers, non-numeric → 0, older snapshots ignored', () => {
    const log = eventLog();
    log.append(accountStreamId(UID), balance(2000, '1050.5'), balance(1000, '1'));
    expect(foldProjection(balancesProjection, log.records).get(UID)).toEqual({
      collection: 'balances',
      id: UID,
      userId: UID,
      version: 1,
      data: { availableBalance: 1050.5, totalEquity: 1250.75, marginUsed: 200, totalNotional: 0, withdrawable: 1000, spotUsdc: null, updatedAt: at(2000) },
    });
  });
});

describe('referralProjection', () => {
  it('ENT-20..ENT-22, API-19: counts actions and keeps lastUpdatedAt as an ISO string', () => {
    const log = eventLog();
    log.append(
      userStreamId(UID),
      ...account,
      { type: 'ReferralJoinClicked', v: 1, data: { at: at(10) } },
      { type: 'ReferralJoinClicked', v: 1, data: { at: at(20) } },
      { type: 'ReferralEventLogged', v: 1, data: { eventType: 'banner_viewed', metadata: {}, at: at(30) } },
      { type: 'ReferralDeclined', v: 1, data: { reason: 'later', at: at(40) } },
      { type: 'ReferralSelfReported', v: 1, data: { joinedViaReferral: true, at: at(50) } },
    );
    expect(referralInfoOf(foldProjection(referralProjection, log.records).get(UID) ?? null)).toEqual({
      joinedViaReferral: true,
      joinedReportedAt: at(50),
      declinedReason: 'later',
      declinedAt: at(40),
      joinClicks: 2,
      eventsCount: 1,
      lastEventType: 'banner_viewed',
      lastUpdatedAt: at(50),
    });
  });

  it('ENT-22: before any referral action, nothing is reported', () => {
    expect(referralInfoOf(null)).toMatchObject({ joinedViaReferral: false, lastUpdatedAt: null, joinClicks: 0 });
  });
});
