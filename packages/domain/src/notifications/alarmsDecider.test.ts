import { describe, expect, it } from 'vitest';
import type { PositionSnapshot } from '../account/accountEvents.js';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import { deciderSpec } from '../testing/deciderSpec.js';
import { account } from '../testing/fixtures.js';
import type { RiskAlarmRaised } from './alarmEvents.js';
import { alarmsDecider, type AlarmsCommand } from './alarmsDecider.js';
import { DEFAULT_WEB_PUSH_EVENTS } from './notificationPreferences.js';
import { daysLeft, keysExpiryStage } from './keysExpiryStage.js';
import { liquidationReadings, marginUsagePct } from './riskReadings.js';

const spec = deciderSpec(alarmsDecider);
const AT = '2026-12-03T18:00:00.000Z';
/** When the snapshots under test were taken: after every alarm event given. */
const NOW = '2026-12-03T18:00:05.000Z';
const DAY = 86_400_000;
const WALLET = '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4';

/** An ETH long of 1 whose mark is 3,000 and liquidation price `liquidationPx`. */
const eth = (liquidationPx: string, szi = '1'): PositionSnapshot => ({ coin: 'ETH', szi, markPx: '3000', positionValue: '3000', liquidationPx });
const positions = (...list: PositionSnapshot[]): AlarmsCommand => ({ type: 'RecordPositionsRisk', positions: list, at: NOW });
const margin = (marginUsed: string, totalEquity = '1000'): AlarmsCommand => ({ type: 'RecordMarginRisk', marginUsed, totalEquity, at: NOW });

const raisedEth = (liquidationPx: number, distancePct: number, thresholdPct = 10, at = NOW): RiskAlarmRaised => ({
  type: 'RiskAlarmRaised',
  v: 1,
  data: { alarm: 'liquidation', coin: 'ETH', side: 'long', markPx: 3000, liquidationPx, distancePct, thresholdPct, at },
});
const raisedMargin = (usagePct: number, at = NOW): RiskAlarmRaised => ({
  type: 'RiskAlarmRaised',
  v: 1,
  data: { alarm: 'marginUsage', usagePct, thresholdPct: 80, at },
});
const cleared = (alarm: 'liquidation' | 'marginUsage', coin: string | null, at = NOW): UserEvent => ({
  type: 'RiskAlarmCleared',
  v: 1,
  data: { alarm, coin, at },
});
/** Raised and cleared before the snapshot under test. */
const wasRaisedEth = raisedEth(2703, 9.9, 10, AT);
const wasRaisedMargin = raisedMargin(80, AT);
const thresholds = (riskAlarms: { liquidationDistancePct: number | null; marginUsagePct: number | null }): UserEvent => ({
  type: 'NotificationPreferencesUpdated',
  v: 1,
  data: { webPush: { events: [...DEFAULT_WEB_PUSH_EVENTS] }, silenceAlarms: [], dailySummary: null, riskAlarms, at: AT },
});
const keysSaved = (validUntil: string | undefined, apiWalletAddress = WALLET, isTestnet = false): UserEvent => ({
  type: 'CredentialsSaved',
  v: 1,
  data: {
    apiWalletAddress,
    accountAddress: '0xAb8483F64d9C6d1EcF9b849Ae677dD3315835cb2',
    isTestnet,
    sealedPrivateKey: { v: 1, keyId: 'credentials-k', iv: 'q1W2e3R4t5Y6u7I8', ciphertext: 'c2VhbGVk', tag: 'Zm9vYmFyYmF6cXV4MTIzNA==' },
    at: '2026-06-01T00:00:00.000Z',
    ...(validUntil === undefined ? {} : { validUntil }),
  },
});

describe('position readings (issue 42, point 2)', () => {
  it('given snapshots, then the distance is |mark − liquidation| ÷ mark, the mark from positionValue when absent, and no liquidation price gives no reading', () => {
    // given / when
    const readings = liquidationReadings([
      { coin: 'BTC', szi: '-0.5', positionValue: '50000', liquidationPx: '110000' },
      { coin: 'SOL', szi: '10', markPx: '150', liquidationPx: null },
      eth('2700'),
    ]);
    // then
    expect(readings).toEqual([
      { coin: 'BTC', side: 'short', markPx: 100_000, liquidationPx: 110_000, distancePct: 10 },
      { coin: 'ETH', side: 'long', markPx: 3000, liquidationPx: 2700, distancePct: 10 },
    ]);
    expect(marginUsagePct({ marginUsed: '800', totalEquity: '1000' })).toBe(80);
    expect(marginUsagePct({ marginUsed: '0', totalEquity: '1000' })).toBeNull();
    expect(marginUsagePct({ marginUsed: '5', totalEquity: '-1' })).toBe(100);
  });
});

describe('alarmsDecider: the liquidation alarm, once per crossing (issue 42, point 2)', () => {
  it('given the default 10 % alarm, when a snapshot puts ETH exactly 10 % from liquidation, then nothing; at 9.9 %, then it is raised', () => {
    spec
      .given(account)
      .when(positions(eth('2700')))
      .thenNothing();
    spec
      .given(account)
      .when(positions(eth('2703')))
      .then([raisedEth(2703, (297 / 3000) * 100)]);
  });

  it('given it was raised, when further snapshots waver near the line (9 %, 10.5 %, 11.9 %), then nothing more is recorded', () => {
    for (const px of ['2730', '2685', '2643'])
      spec
        .given([...account, wasRaisedEth])
        .when(positions(eth(px)))
        .thenNothing();
  });

  it('given it was raised, when the distance is back at 12 % (1.2 × the threshold), then it is cleared; a later fall below 10 % raises it again', () => {
    spec
      .given([...account, wasRaisedEth])
      .when(positions(eth('2640')))
      .then([cleared('liquidation', 'ETH')]);
    spec
      .given([...account, wasRaisedEth, cleared('liquidation', 'ETH', AT)])
      .when(positions(eth('2760')))
      .then([raisedEth(2760, 8)]);
  });

  it('given it was raised and cleared from snapshots up to now, when an older snapshot is read again (a restart), then it changes nothing', () => {
    const earlier: AlarmsCommand = { type: 'RecordPositionsRisk', positions: [eth('2600')], at: AT };
    spec
      .given([...account, raisedEth(2703, 9.9)])
      .when(earlier)
      .thenNothing();
    spec
      .given([...account, wasRaisedEth, cleared('liquidation', 'ETH')])
      .when({ ...earlier, positions: [eth('2850')] })
      .thenNothing();
    spec
      .given([...account, raisedMargin(80)])
      .when({ type: 'RecordMarginRisk', marginUsed: '100', totalEquity: '1000', at: NOW })
      .thenNothing();
  });

  it('given it was raised, when the position is closed (absent from the snapshot) or loses its liquidation price, then it is cleared', () => {
    spec
      .given([...account, wasRaisedEth])
      .when(positions())
      .then([cleared('liquidation', 'ETH')]);
    spec
      .given([...account, wasRaisedEth])
      .when(positions({ coin: 'ETH', szi: '1', markPx: '3000', liquidationPx: null }))
      .then([cleared('liquidation', 'ETH')]);
  });

  it('given a 15 % alarm saved, then 13 % raises it with 15 % as its threshold; given the alarm turned off, then nothing is raised and a raised one is cleared', () => {
    spec
      .given([...account, thresholds({ liquidationDistancePct: 15, marginUsagePct: 80 })])
      .when(positions(eth('2610')))
      .then([raisedEth(2610, 13, 15)]);
    const off = thresholds({ liquidationDistancePct: null, marginUsagePct: 80 });
    spec
      .given([...account, off])
      .when(positions(eth('2900')))
      .thenNothing();
    spec
      .given([...account, wasRaisedEth, off])
      .when(positions(eth('2900')))
      .then([cleared('liquidation', 'ETH')]);
  });
});

describe('alarmsDecider: the margin-usage alarm, once per crossing (issue 42, point 2)', () => {
  it('given the default 80 % alarm, when 79.9 % is in use, then nothing; at exactly 80 %, then it is raised, and not again at 90 %', () => {
    spec.given(account).when(margin('799')).thenNothing();
    spec
      .given(account)
      .when(margin('800'))
      .then([raisedMargin(80)]);
    spec
      .given([...account, wasRaisedMargin])
      .when(margin('900'))
      .thenNothing();
  });

  it('given it was raised, when usage falls to 75.1 %, then nothing; below 75 %, then it is cleared', () => {
    spec
      .given([...account, wasRaisedMargin])
      .when(margin('751'))
      .thenNothing();
    spec
      .given([...account, wasRaisedMargin])
      .when(margin('749'))
      .then([cleared('marginUsage', null)]);
  });
});

describe('alarmsDecider: the API wallet expiry (issue 42, point 2)', () => {
  const validUntil = '2026-12-20T12:00:00.000Z';
  const at = (ms: number): AlarmsCommand => ({ type: 'RecordKeysExpiry', at: new Date(ms).toISOString() });
  const noticed = (stage: 'week' | 'day' | 'expired', ms: number, isTestnet = false): UserEvent => ({
    type: 'KeysExpiryNoticed',
    v: 1,
    data: { apiWalletAddress: WALLET, validUntil, stage, isTestnet, at: new Date(ms).toISOString() },
  });
  const end = Date.parse(validUntil);

  it('given a wallet valid until the 20th, then nothing 7 days and 1 ms before; the week notice at exactly 7 days; the day notice at 1 day; the expired one after', () => {
    spec
      .given([...account, keysSaved(validUntil)])
      .when(at(end - 7 * DAY - 1))
      .thenNothing();
    spec
      .given([...account, keysSaved(validUntil)])
      .when(at(end - 7 * DAY))
      .then([noticed('week', end - 7 * DAY)]);
    spec
      .given([...account, keysSaved(validUntil), noticed('week', end - 7 * DAY)])
      .when(at(end - DAY))
      .then([noticed('day', end - DAY)]);
    spec
      .given([...account, keysSaved(validUntil), noticed('week', end - 7 * DAY), noticed('day', end - DAY)])
      .when(at(end))
      .then([noticed('expired', end)]);
  });

  it('given the week notice told, when asked again that week, then nothing; given keys saved with 12 hours left, then only the day notice', () => {
    spec
      .given([...account, keysSaved(validUntil), noticed('week', end - 7 * DAY)])
      .when(at(end - 3 * DAY))
      .thenNothing();
    spec
      .given([...account, keysSaved(validUntil)])
      .when(at(end - DAY / 2))
      .then([noticed('day', end - DAY / 2)]);
  });

  it('given keys saved again for another wallet, then its week is told anew; given an unnamed wallet (no validUntil) or keys deleted, then nothing', () => {
    const other = '0x1111111111111111111111111111111111111111';
    spec
      .given([...account, keysSaved(validUntil), noticed('week', end - 7 * DAY), keysSaved(validUntil, other)])
      .when(at(end - 6 * DAY))
      .then([
        {
          type: 'KeysExpiryNoticed',
          v: 1,
          data: { apiWalletAddress: other, validUntil, stage: 'week', isTestnet: false, at: new Date(end - 6 * DAY).toISOString() },
        },
      ]);
    spec
      .given([...account, keysSaved(undefined)])
      .when(at(end))
      .thenNothing();
    spec
      .given([...account, keysSaved(validUntil), { type: 'CredentialsDeleted', v: 1, data: { dataKeyId: 'credentials-k', at: AT } }])
      .when(at(end))
      .thenNothing();
  });

  it('given testnet keys, when their week comes, then the notice says so, for the re-approval steps to name the testnet app', () => {
    spec
      .given([...account, keysSaved(validUntil, WALLET, true)])
      .when(at(end - 7 * DAY))
      .then([noticed('week', end - 7 * DAY, true)]);
  });

  it('then the days left round up, and the stage follows the edges', () => {
    expect(daysLeft(validUntil, new Date(end - 6.2 * DAY))).toBe(7);
    expect(daysLeft(validUntil, new Date(end + DAY))).toBe(0);
    expect(keysExpiryStage(validUntil, new Date(end - DAY - 1))).toBe('week');
    expect(keysExpiryStage(validUntil, new Date(end - 1))).toBe('day');
  });
});
