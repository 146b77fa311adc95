import { describe, expect, it } from 'vitest';
import { DomainEventSchema, type DomainEvent, type DomainEventType } from '../eventModel/domainEvent.js';
import { safeParseEvent } from '../eventModel/parseEvent.js';
import { DEFAULT_SETTINGS } from '../settings/settingsSchema.js';
import {
  ACCOUNT,
  API_WALLET,
  ARGON2_HASH,
  CLOID,
  SECRET_HASH_1,
  SIGNAL_ID,
  UID,
  at,
  executed,
  failed,
  firstSecret,
  planned,
  received,
  rejected,
  sealed,
  signedUp,
  submitted,
  validationStarted,
} from '../testing/fixtures.js';
import { describeEvent } from './describeEvent.js';

const PUSH_KEYS = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA', auth: 'tBHItJI5svbpez7KI4CCXg' };
const PUSH_ENDPOINT = 'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bHPRgkF3JUikC4ENAHEeMrd41Zxv3hVZjC9KtT8';
const STRATEGY = 'st_eth';

const fill = {
  coin: 'BTC',
  px: '97073',
  sz: '0.0041',
  side: 'B',
  time: at(300),
  oid: 77,
  tid: 9001,
  cloid: CLOID,
  closedPnl: '0.0',
  fee: '0.04',
  feeToken: 'USDC',
  dir: 'Open Long',
  startPosition: '0',
  crossed: true,
} as const;

const positions = [
  { coin: 'BTC', szi: '0.0041', entryPx: '97073', positionValue: '398', unrealizedPnl: '0', leverage: 2 },
  { coin: 'ETH', szi: '-1.5', entryPx: '3500', positionValue: '5250', unrealizedPnl: '-12.5', leverage: 5 },
];

/**
 * One realistic stored event of every type, keyed by type: `satisfies` makes a type without a
 * sample a compile error here too, besides the run-time check against the schema union below.
 */
const SAMPLES = {
  UserSignedUp: signedUp,
  ExternalIdentityLinked: {
    type: 'ExternalIdentityLinked',
    v: 1,
    data: { issuer: 'https://accounts.google.com', subject: 'g-123', email: 'trader@example.com', at: at(0) },
  },
  WebhookSecretRotated: firstSecret,
  CredentialsSaved: {
    type: 'CredentialsSaved',
    v: 1,
    data: { apiWalletAddress: API_WALLET, accountAddress: ACCOUNT, isTestnet: true, sealedPrivateKey: sealed('dk-1'), at: at(100), accountMode: 'standard' },
  },
  CredentialsDeleted: { type: 'CredentialsDeleted', v: 1, data: { dataKeyId: 'dk-1', at: at(200) } },
  CredentialsChecked: {
    type: 'CredentialsChecked',
    v: 1,
    data: { apiWalletAddress: API_WALLET, approved: false, problem: 'notApproved', message: 'Hyperliquid testnet does not know this API wallet.', at: at(210) },
  },
  SettingsUpdated: {
    type: 'SettingsUpdated',
    v: 1,
    data: {
      settings: { ...DEFAULT_SETTINGS, positionSizing: { mode: 'percentage_equity', value: 2.5 }, trading: { ...DEFAULT_SETTINGS.trading, leverage: 3 } },
      at: at(300),
      strategyId: STRATEGY,
    },
  },
  SettingsReset: { type: 'SettingsReset', v: 1, data: { settings: DEFAULT_SETTINGS, at: at(400) } },
  ReferralSelfReported: { type: 'ReferralSelfReported', v: 1, data: { joinedViaReferral: true, at: at(500) } },
  ReferralDeclined: { type: 'ReferralDeclined', v: 1, data: { reason: 'I already have an account', at: at(500) } },
  ReferralJoinClicked: { type: 'ReferralJoinClicked', v: 1, data: { at: at(500) } },
  ReferralEventLogged: { type: 'ReferralEventLogged', v: 1, data: { eventType: 'banner_shown', metadata: { page: 'settings' }, at: at(500) } },
  PushSubscriptionAdded: { type: 'PushSubscriptionAdded', v: 1, data: { endpoint: PUSH_ENDPOINT, keys: PUSH_KEYS, at: at(600) } },
  PushSubscriptionRemoved: { type: 'PushSubscriptionRemoved', v: 1, data: { endpoint: PUSH_ENDPOINT, at: at(700) } },
  SessionRevoked: { type: 'SessionRevoked', v: 1, data: { jti: 'jti-1', expiresAt: at(86_400_000), at: at(800) } },
  IpAllowlistUpdated: { type: 'IpAllowlistUpdated', v: 1, data: { ips: ['52.89.214.238', '10.0.0.0/8'], at: at(900) } },
  NotificationChannelsUpdated: {
    type: 'NotificationChannelsUpdated',
    v: 1,
    data: {
      channels: [
        { id: 'ch_1', type: 'telegram', events: ['alert.failed', 'alert.rejected'], target: '-100777', sealedBotToken: sealed('nk-1') },
        {
          id: 'ch_2',
          type: 'webhook',
          events: ['order.executed'],
          target: 'https://hooks.example.com/…',
          sealedUrl: sealed('nk-1'),
          sealedSigningSecret: sealed('nk-1'),
        },
      ],
      at: at(1000),
    },
  },
  NotificationPreferencesUpdated: {
    type: 'NotificationPreferencesUpdated',
    v: 1,
    data: {
      webPush: { events: ['alert.failed', 'order.executed'] },
      silenceAlarms: [{ strategyId: 'main', minutes: 60, since: at(0) }],
      dailySummary: { time: '08:30', timeZone: 'Europe/Berlin', since: at(0) },
      at: at(1100),
    },
  },
  StrategySilenceNoticed: { type: 'StrategySilenceNoticed', v: 1, data: { strategyId: 'main', silentSince: at(0), at: at(3_600_000) } },
  DailySummarySent: { type: 'DailySummarySent', v: 1, data: { day: '2025-10-01', at: at(1200) } },
  RiskAlarmRaised: {
    type: 'RiskAlarmRaised',
    v: 1,
    data: { alarm: 'liquidation', coin: 'ETH', side: 'long', markPx: 3000, liquidationPx: 2790, distancePct: 7, thresholdPct: 10, at: at(1210) },
  },
  RiskAlarmCleared: { type: 'RiskAlarmCleared', v: 1, data: { alarm: 'marginUsage', coin: null, at: at(1220) } },
  KeysExpiryNoticed: {
    type: 'KeysExpiryNoticed',
    v: 1,
    data: { apiWalletAddress: API_WALLET, validUntil: '2025-10-08T00:00:00.000Z', stage: 'week', at: at(1230) },
  },
  TradingPaused: { type: 'TradingPaused', v: 1, data: { at: at(1300) } },
  TradingResumed: { type: 'TradingResumed', v: 1, data: { at: at(1400) } },
  CloseAllRequested: { type: 'CloseAllRequested', v: 1, data: { at: at(1500), coins: ['BTC', 'ETH'], signalIds: ['sig_c1', 'sig_c2'] } },
  StrategyCreated: {
    type: 'StrategyCreated',
    v: 1,
    data: { strategyId: STRATEGY, name: 'ETH trend', venue: 'paper', paperBalance: 10_000, settings: DEFAULT_SETTINGS, at: at(1600) },
  },
  StrategyRenamed: { type: 'StrategyRenamed', v: 1, data: { strategyId: STRATEGY, name: 'ETH swing', at: at(1700) } },
  StrategyPaused: { type: 'StrategyPaused', v: 1, data: { strategyId: STRATEGY, at: at(1800) } },
  StrategyResumed: { type: 'StrategyResumed', v: 1, data: { strategyId: STRATEGY, at: at(1900) } },
  StrategyDeleted: { type: 'StrategyDeleted', v: 1, data: { strategyId: STRATEGY, at: at(2000) } },
  PaperAccountReset: { type: 'PaperAccountReset', v: 1, data: { strategyId: STRATEGY, balance: 5000, at: at(2100) } },
  StrategyPromoted: { type: 'StrategyPromoted', v: 1, data: { strategyId: STRATEGY, at: at(2200) } },
  StrategySubAccountBound: {
    type: 'StrategySubAccountBound',
    v: 1,
    data: { strategyId: STRATEGY, subAccountAddress: `0x${'ab'.repeat(20)}`, name: 'trend-sub', at: at(2300) },
  },
  AccountGuardsSet: { type: 'AccountGuardsSet', v: 1, data: { guards: { dailyLossLimitUsd: 1000, timeZone: 'Europe/Berlin' }, at: at(2500) } },
  StrategyGuardsSet: { type: 'StrategyGuardsSet', v: 1, data: { strategyId: STRATEGY, guards: { cooldownMinutes: 15, direction: 'long' }, at: at(2400) } },
  SignalReceived: received,
  SignalDuplicateReceived: { type: 'SignalDuplicateReceived', v: 1, data: { receivedAt: at(2), sourceIp: '52.89.214.238' } },
  SignalValidationStarted: validationStarted,
  SignalRejected: rejected,
  OrderPlanned: planned,
  OrderSubmitted: submitted,
  SignalExecuted: executed,
  SignalFailed: failed,
  TargetAlreadyHeld: { type: 'TargetAlreadyHeld', v: 1, data: { at: at(20), reason: 'Already long 0.52 ETH: nothing to send.' } },
  RestingOrdersCancelled: {
    type: 'RestingOrdersCancelled',
    v: 1,
    data: {
      at: at(20),
      reason: 'Cancelled 1 resting ETH order of this strategy; its stop-loss and take-profit are kept.',
      cancelled: [{ cloid: CLOID, signalId: SIGNAL_ID, oid: 91 }],
    },
  },
  ProtectionReplaced: {
    type: 'ProtectionReplaced',
    v: 1,
    data: { at: at(20), reason: "Protection of this strategy's 0.1 ETH long updated: stop-loss 2900, trailing 2% behind the price." },
  },
  SignalHeldForApproval: {
    type: 'SignalHeldForApproval',
    v: 1,
    data: { at: at(20), expiresAt: '2025-10-01T12:05:00.020Z', coin: 'ETH', side: 'buy', size: '0.05', price: '3120.4' },
  },
  SignalApproved: { type: 'SignalApproved', v: 1, data: { at: at(60_000), via: 'push' } },
  BacktestUploaded: {
    type: 'BacktestUploaded',
    v: 1,
    data: {
      backtestId: SIGNAL_ID,
      strategyId: 'st_Qm3xT9vLp2Rk7wZa',
      at: at(0),
      fileName: 'ETH_swing_List_of_trades.csv',
      timeZone: 'America/New_York',
      trades: [
        { number: 1, side: 'long', entryAt: at(0), entryPx: '3000', exitAt: at(60), exitPx: '3100', size: '0.5', pnl: '50' },
        { number: 2, side: 'short', entryAt: at(120), entryPx: '3100', exitAt: null, exitPx: null, size: '0.5', pnl: null },
      ],
      skipped: 1,
    },
  },
  FillRecorded: { type: 'FillRecorded', v: 1, data: { ...fill, signalId: SIGNAL_ID } },
  PositionsSnapshotTaken: { type: 'PositionsSnapshotTaken', v: 2, data: { at: at(400), source: 'fill', positions } },
  BalanceSnapshotTaken: {
    type: 'BalanceSnapshotTaken',
    v: 2,
    data: { at: at(400), availableBalance: '9800', totalEquity: '10000', marginUsed: '200', totalNotional: '400' },
  },
  AlertsRefused: { type: 'AlertsRefused', v: 1, data: { reason: 'rateLimited', count: 312, from: at(500), to: at(60_500) } },
  PositionDriftReconciled: {
    type: 'PositionDriftReconciled',
    v: 1,
    data: {
      at: at(700),
      coin: 'ETH',
      venueSzi: '0.5',
      ledgerSzi: '1',
      px: '3000',
      rule: 'reducedInProportion',
      strategies: [{ strategyId: STRATEGY, from: '1', to: '0.5' }],
      outsideFrom: '0',
      outsideTo: '0',
      counted: [],
    },
  },
  ProtectionUpdated: {
    type: 'ProtectionUpdated',
    v: 1,
    data: {
      strategyId: STRATEGY,
      coin: 'ETH',
      signalId: SIGNAL_ID,
      stopLoss: '2900',
      live: [{ kind: 'sl', cloid: `0x${'1'.repeat(32)}`, oid: 7, triggerPx: '2900', size: '0.04', isBuy: false }],
      refused: [],
      cancelled: [],
      at: at(800),
    },
  },
  OrderRested: {
    type: 'OrderRested',
    v: 1,
    data: { signalId: SIGNAL_ID, strategyId: STRATEGY, coin: 'ETH', cloid: `0x${'2'.repeat(32)}`, oid: 9, size: '0.05', isBuy: true, at: at(850) },
  },
  RestingOrdersExpired: {
    type: 'RestingOrdersExpired',
    v: 1,
    data: { signalId: SIGNAL_ID, strategyId: STRATEGY, coin: 'ETH', afterMinutes: 30, at: at(900), cancelled: [`0x${'2'.repeat(32)}`], gone: [] },
  },
  PaperFillRecorded: { type: 'PaperFillRecorded', v: 1, data: { ...fill, strategyId: STRATEGY, epoch: 0, signalId: 'sig_2' } },
  PaperAccountSnapshotTaken: {
    type: 'PaperAccountSnapshotTaken',
    v: 1,
    data: {
      strategyId: STRATEGY,
      epoch: 0,
      at: at(400),
      balance: { availableBalance: '4801.5', totalEquity: '5000', marginUsed: '198.5', totalNotional: '397' },
      positions: positions.slice(0, 1),
    },
  },
  FundingPaid: {
    type: 'FundingPaid',
    v: 1,
    data: {
      coin: 'ETH',
      usdc: '-0.075',
      szi: '2',
      fundingRate: '0.0000125',
      time: '2025-10-01T13:00:00.000Z',
      hash: `0x${'0'.repeat(64)}`,
      strategyId: STRATEGY,
    },
  },
  PaperFundingPaid: {
    type: 'PaperFundingPaid',
    v: 1,
    data: {
      strategyId: STRATEGY,
      epoch: 0,
      coin: 'ETH',
      hour: '2025-10-01T13:00:00.000Z',
      szi: '2',
      fundingRate: '0.0000125',
      oraclePx: '3000',
      usdc: '-0.075',
      at: '2025-10-01T13:00:04.000Z',
    },
  },
  PaperRestingOrdersExpired: {
    type: 'PaperRestingOrdersExpired',
    v: 1,
    data: { signalId: SIGNAL_ID, strategyId: STRATEGY, epoch: 0, coin: 'ETH', afterMinutes: 30, at: at(900), cancelled: [`0x${'2'.repeat(32)}`], gone: [] },
  },
  EmailClaimed: { type: 'EmailClaimed', v: 1, data: { uid: UID, at: at(0) } },
  IdentityClaimed: { type: 'IdentityClaimed', v: 1, data: { uid: UID, at: at(0) } },
} satisfies Record<DomainEventType, DomainEvent>;

const sample = <T extends DomainEventType>(type: T): DomainEvent => SAMPLES[type];
const describeSample = (type: DomainEventType) => describeEvent(sample(type));

describe('describeEvent (issue 31, point 1: each event is shown in plain words)', () => {
  describe('given one stored event of every type of the DomainEvent union', () => {
    const unionTypes = DomainEventSchema.options.map((schema) => schema.shape.type.value);

    it('when the samples are listed, then every type of the union has one, filed under its own type (issue 31, point 1)', () => {
      expect(Object.keys(SAMPLES).sort()).toEqual([...unionTypes].sort());
      for (const [type, event] of Object.entries(SAMPLES)) expect(event.type).toBe(type);
    });

    it.each(unionTypes)('when %s is read back with safeParseEvent and described, then its title is a non-empty sentence (issue 31, point 1)', (type) => {
      const stored = safeParseEvent(JSON.parse(JSON.stringify(sample(type))));
      if (!stored.ok) throw stored.error;
      const { title, detail } = describeEvent(stored.value);
      expect(title.trim()).not.toBe('');
      expect(title).not.toMatch(/undefined|null|NaN|\[object/);
      expect(detail ?? '').not.toMatch(/undefined|NaN|\[object/);
    });
  });

  describe('given events carrying secret material (issue 31, point 1: no secret in plain words either)', () => {
    const SECRETS = [
      '$argon2id$',
      ARGON2_HASH,
      SECRET_HASH_1,
      sealed().ciphertext,
      sealed().iv,
      sealed().tag,
      PUSH_KEYS.auth,
      PUSH_KEYS.p256dh,
      '/fcm/send/',
      'dQw4w9WgXcQ',
    ];
    const withSecrets: readonly DomainEventType[] = [
      'UserSignedUp',
      'WebhookSecretRotated',
      'CredentialsSaved',
      'NotificationChannelsUpdated',
      'PushSubscriptionAdded',
      'PushSubscriptionRemoved',
    ];

    it.each(withSecrets)('when %s is described, then neither title nor detail holds the password hash, a sealed value, a secret hash or a push key', (type) => {
      const { title, detail } = describeSample(type);
      for (const secret of SECRETS) {
        expect(title).not.toContain(secret);
        expect(detail ?? '').not.toContain(secret);
      }
    });

    it("when an alert whose body carries its source's secret is described, then the body is not shown", () => {
      const body = JSON.stringify({ secret: 'eyJhbGciOiJIUzI1NiJ9.bot', symbol: 'BTC', action: 'buy' });
      const withSecret = { ...received, data: { ...received.data, rawBody: body } } as DomainEvent;
      const { title, detail } = describeEvent(withSecret);
      expect(`${title} ${detail}`).not.toContain('eyJhbGciOiJIUzI1NiJ9');
    });
  });

  describe('given account events', () => {
    it('issue 32, point 2: when alerts refused past the logging ceiling are described, then how many, why and between when, under alerts', () => {
      expect(describeSample('AlertsRefused')).toEqual({
        title: '312 alerts refused over this URL’s rate limit, counted rather than logged one by one',
        detail: `${at(500).slice(0, 10)} ${at(500).slice(11, 16)} UTC to ${at(60_500).slice(0, 10)} ${at(60_500).slice(11, 16)} UTC`,
        category: 'alert',
      });
    });

    it('issue 39, point 3: when protection changes, then what is live, under orders', () => {
      expect(describeSample('ProtectionUpdated')).toMatchObject({ title: 'ETH protection: stop-loss 0.04 at 2900', category: 'order' });
      const armed = sample('ProtectionUpdated');
      if (armed.type !== 'ProtectionUpdated') throw new Error('sample is not ProtectionUpdated');
      expect(describeEvent({ ...armed, data: { ...armed.data, breakEven: { activationPx: '3030', stopPx: '3003' } } }).detail).toContain(
        'stop to 3003 once the price reaches 3030 (break-even)',
      );
    });

    it("issue 41 §2: given a trail that moved the stop and a take-profit left, when protection changes, then the stop comes first and the move is told as the trail's", () => {
      const armed = sample('ProtectionUpdated');
      if (armed.type !== 'ProtectionUpdated') throw new Error('sample is not ProtectionUpdated');
      const { data } = armed;
      const moved = describeEvent({
        ...armed,
        data: {
          ...data,
          stopLoss: '3035',
          takeProfits: [{ triggerPx: '3600', size: '0.02' }],
          trailingStop: { percent: '2', activationPx: '3030', active: true, movedAt: new Date(Date.parse(data.at) - 40).toISOString() },
          live: [
            { kind: 'tp', cloid: `0x${'2'.repeat(32)}`, oid: 8, triggerPx: '3600', size: '0.02', isBuy: false },
            { kind: 'sl', cloid: `0x${'3'.repeat(32)}`, oid: 9, triggerPx: '3035', size: '0.04', isBuy: false },
          ],
        },
      });
      expect(moved.title).toBe('ETH protection: stop-loss 0.04 at 3035, take-profit 0.02 at 3600');
      expect(moved.detail).toContain('stop moved to 3035 by the trail, trailing 2% behind the price');
    });

    it('issue 39, point 1: when a drift is described, then the venue, the ledger, the rule and each share, under fills', () => {
      expect(describeSample('PositionDriftReconciled')).toEqual({
        title: 'ETH at the venue was 0.5, the strategies held 1: every share reduced in the same proportion',
        detail: expect.stringContaining('1 → 0.5'),
        category: 'fill',
      });
    });

    it('when a sign-up is described, then it names the email under account (issue 31, point 1)', () => {
      expect(describeSample('UserSignedUp')).toEqual({ title: 'Signed up as trader@example.com', detail: null, category: 'account' });
    });

    it('when an OIDC sign-up without a password is described, then the second line says so (issue 31, point 1)', () => {
      const oidc: DomainEvent = { type: 'UserSignedUp', v: 1, data: { uid: UID, email: 'trader@example.com', passwordHash: null, at: at(0) } };
      expect(describeEvent(oidc).detail).toBe('without a password: signs in through a linked identity');
    });

    it('when a linked identity is described, then the provider is named, a well-known issuer by its name and any other by its host (issue 31, point 1)', () => {
      expect(describeSample('ExternalIdentityLinked')).toEqual({ title: 'Signed in with Google linked', detail: 'as trader@example.com', category: 'account' });
      const keycloak: DomainEvent = {
        type: 'ExternalIdentityLinked',
        v: 1,
        data: { issuer: 'https://sso.example.com/realms/traders', subject: 'k-1', at: at(0) },
      };
      expect(describeEvent(keycloak)).toEqual({ title: 'Signed in with sso.example.com linked', detail: null, category: 'account' });
    });

    it('when a session revocation and the reservations are described, then they read as account events (issue 31, point 1)', () => {
      expect(describeSample('SessionRevoked')).toMatchObject({ title: 'Signed out: the session was ended', category: 'account' });
      expect(describeSample('EmailClaimed')).toMatchObject({ title: 'Email address reserved for this account', category: 'account' });
      expect(describeSample('IdentityClaimed')).toMatchObject({ category: 'account' });
    });
  });

  describe('given key events', () => {
    it('when saved API keys are described, then the network and the shortened API wallet and account show (issue 31, point 1)', () => {
      expect(describeSample('CredentialsSaved')).toEqual({
        title: 'API keys saved (testnet, API wallet 0x5B38…ddC4)',
        detail: 'account 0xAb84…5cb2 · standard account',
        category: 'keys',
      });
    });

    it('when deleted API keys and a new webhook URL are described, then they say what stopped working (issue 31, point 1)', () => {
      expect(describeSample('CredentialsDeleted')).toEqual({
        title: 'API keys deleted; their data key was destroyed',
        detail: 'data key dk-1',
        category: 'keys',
      });
      expect(describeSample('WebhookSecretRotated')).toEqual({
        title: 'New webhook URL made; any earlier URL stopped working',
        detail: 'Strategy id: main',
        category: 'keys',
      });
    });
  });

  describe('given settings events', () => {
    it('when changed settings are described, then the second line gives the strategy and the settings in words (issue 31, point 1)', () => {
      expect(describeSample('SettingsUpdated')).toEqual({
        title: 'Settings changed',
        detail:
          'Strategy id: st_eth · 2.5% of equity per order, 3x leverage, at most $1,000 per position, at most 3 open positions, 1% slippage, stop-loss optional',
        category: 'settings',
      });
      expect(describeSample('SettingsReset')).toMatchObject({ title: 'Settings reset to the defaults', category: 'settings' });
    });

    it('issue 39.2: given settings saved with isolated margin, when described, then the margin mode is named beside the leverage', () => {
      // given
      const sample = describeSample('SettingsUpdated');
      const event = {
        type: 'SettingsUpdated',
        v: 1,
        data: { settings: { ...DEFAULT_SETTINGS, trading: { ...DEFAULT_SETTINGS.trading, leverage: 3, marginMode: 'isolated' } }, at: at(0) },
      } as DomainEvent;
      // when
      const { detail } = describeEvent(event);
      // then
      expect(sample.detail).not.toContain('margin');
      expect(detail).toBe(
        'Strategy id: main · $100 per order, 3x leverage, isolated margin, at most $1,000 per position, at most 3 open positions, 1% slippage, stop-loss optional',
      );
    });

    it('when the IP allowlist is set and then cleared, then the entries are listed, and clearing says any address is taken (issue 31, point 1)', () => {
      expect(describeSample('IpAllowlistUpdated')).toEqual({
        title: 'Webhook IP allowlist set (2 entries)',
        detail: '52.89.214.238, 10.0.0.0/8',
        category: 'settings',
      });
      const cleared: DomainEvent = { type: 'IpAllowlistUpdated', v: 1, data: { ips: [], at: at(0) } };
      expect(describeEvent(cleared)).toEqual({ title: 'Webhook IP allowlist cleared: alerts are taken from any address', detail: null, category: 'settings' });
    });
  });

  describe('given strategy events', () => {
    it('when a paper strategy is created, then its name, venue and starting balance show (issue 31, point 1)', () => {
      expect(describeSample('StrategyCreated')).toEqual({
        title: 'Strategy “ETH trend” created (paper, 10,000 USDC)',
        detail: 'Strategy id: st_eth',
        category: 'strategy',
      });
    });

    it('when the other strategy events are described, then each says what happened to which strategy (issue 31, point 1)', () => {
      expect(describeSample('StrategyRenamed')).toEqual({ title: 'Strategy renamed to “ETH swing”', detail: 'Strategy id: st_eth', category: 'strategy' });
      expect(describeSample('StrategyPaused')).toMatchObject({ title: 'Strategy paused', category: 'strategy' });
      expect(describeSample('StrategyResumed')).toMatchObject({ title: 'Strategy resumed', category: 'strategy' });
      expect(describeSample('StrategyDeleted')).toMatchObject({ title: 'Strategy deleted', category: 'strategy' });
      expect(describeSample('StrategyPromoted')).toMatchObject({ title: 'Strategy moved from paper to live trading', category: 'strategy' });
      expect(describeSample('StrategySubAccountBound')).toMatchObject({ title: 'Strategy moved to sub-account trend-sub', category: 'strategy' });
    });

    it("when a strategy's guards are set, then the History lists them in words (issue 42, point 1)", () => {
      expect(describeSample('StrategyGuardsSet')).toEqual({
        title: 'Strategy guards set',
        detail: 'Strategy id: st_eth · long entries only; 15 min between entries in a coin',
        category: 'strategy',
      });
    });
  });

  describe("given one alert's whole life (received → validating → planned → submitted → executed / failed)", () => {
    it('when it is received and validated, then the coin and action, then the step, show under alert (issue 31, point 1)', () => {
      expect(describeSample('SignalReceived')).toEqual({
        title: 'Alert received: BTC buy',
        detail: 'as BINANCE:BTCUSDT.P · $100 · 2x leverage · stop-loss $58,000',
        category: 'alert',
      });
      expect(describeSample('SignalValidationStarted')).toEqual({ title: 'Alert validating', detail: null, category: 'alert' });
      expect(describeSample('SignalDuplicateReceived')).toEqual({
        title: 'Same alert received again: not traded twice',
        detail: 'from 52.89.214.238',
        category: 'alert',
      });
    });

    it("when an alert of a paper strategy could not be read, then the parser's sentence and the strategy show (issue 31, point 1)", () => {
      const unreadable: DomainEvent = {
        type: 'SignalReceived',
        v: 1,
        data: {
          ...received.data,
          rawBody: 'buy BTC',
          alert: null,
          rejection: { code: 'INVALID_JSON', message: 'The body is not JSON.' },
          strategyName: 'ETH trend',
          venue: 'paper',
        },
      } as DomainEvent;
      expect(describeEvent(unreadable)).toEqual({
        title: 'Alert received, not understood: The body is not JSON.',
        detail: 'Strategy “ETH trend” · paper · INVALID_JSON',
        category: 'alert',
      });
    });

    it("when it is rejected, then the rejection's sentence is the title and its code the second line (issue 31, point 1)", () => {
      expect(describeSample('SignalRejected')).toEqual({ title: 'Rejected: No API keys configured', detail: 'NO_CREDENTIALS', category: 'alert' });
    });

    it('when the order is planned and submitted, then side, size, coin and price bound show, then the cloid (issue 31, point 1)', () => {
      expect(describeSample('OrderPlanned')).toEqual({
        title: 'Order planned: buy 0.00333 BTC at most $60,600',
        detail: 'worth $199.80 · 2x leverage · stop-loss at $58,000',
        category: 'order',
      });
      expect(describeSample('OrderSubmitted')).toEqual({ title: 'Order submitted to Hyperliquid', detail: `client order id ${CLOID}`, category: 'order' });
    });

    it('issue 41: when a post-only or an IOC limit is planned, then the title names its time in force and its limit price', () => {
      const planned = sample('OrderPlanned');
      if (planned.type !== 'OrderPlanned') throw new Error('sample is not OrderPlanned');
      const withTif = (tif: 'Alo' | 'Ioc'): DomainEvent => ({ ...planned, data: { ...planned.data, plan: { ...planned.data.plan, tif, orderType: 'limit' } } });
      expect(describeEvent(withTif('Alo')).title).toBe('Order planned: post-only limit buy 0.00333 BTC at $60,600');
      expect(describeEvent(withTif('Ioc')).title).toBe('Order planned: IOC limit buy 0.00333 BTC at $60,600');
    });

    it("when it is executed, then the filled size and average price are the exchange's text, and each trigger leg's answer shows (issue 31, point 1)", () => {
      expect(describeSample('SignalExecuted')).toEqual({ title: 'Executed: filled 0.0033 at $60,010.5', detail: 'order 77', category: 'order' });
      const withLegs: DomainEvent = {
        type: 'SignalExecuted',
        v: 1,
        data: {
          acknowledgedAt: at(250),
          status: 'resting',
          oid: 78,
          legs: [{ role: 'stopLoss', status: 'error', error: 'Invalid TP/SL price.' }],
          account: { accountAddress: ACCOUNT, isTestnet: true },
        },
      };
      expect(describeEvent(withLegs)).toEqual({
        title: 'Executed: limit order resting on the book',
        detail: 'order 78 · stop-loss failed: Invalid TP/SL price. · account 0xAb84…5cb2 (testnet)',
        category: 'order',
      });
    });

    it("when it fails, then the exchange's answer is the title, and a transient failure says it may work later (issue 31, point 1)", () => {
      expect(describeSample('SignalFailed')).toEqual({ title: 'Failed: Insufficient margin to place order.', detail: 'EXCHANGE_REJECTED', category: 'order' });
      const timeout: DomainEvent = {
        type: 'SignalFailed',
        v: 1,
        data: { at: at(300), code: 'EXCHANGE_TIMEOUT', reason: 'Hyperliquid did not answer in time.', transient: true },
      };
      expect(describeEvent(timeout).detail).toBe('EXCHANGE_TIMEOUT · temporary: the same alert may succeed later');
    });

    it('when the target was already held, then the reason is the title (issue 31, point 1)', () => {
      expect(describeSample('TargetAlreadyHeld')).toEqual({ title: 'Already long 0.52 ETH: nothing to send.', detail: null, category: 'order' });
      expect(describeSample('RestingOrdersCancelled')).toEqual({
        title: 'Cancelled 1 resting ETH order of this strategy; its stop-loss and take-profit are kept.',
        detail: 'cancelled order 91',
        category: 'order',
      });
      expect(describeSample('ProtectionReplaced')).toEqual({
        title: "Protection of this strategy's 0.1 ETH long updated: stop-loss 2900, trailing 2% behind the price.",
        detail: null,
        category: 'order',
      });
    });
  });

  describe('given a backtest uploaded (issue 43)', () => {
    it('when described, then its trades, what is open, rows not read and the chart zone show', () => {
      expect(describeSample('BacktestUploaded')).toMatchObject({
        title: 'Backtest uploaded: 2 trades from ETH_swing_List_of_trades.csv',
        detail: expect.stringContaining('1 still open'),
        category: 'strategy',
      });
      expect(describeSample('BacktestUploaded').detail).toContain('times read in America/New_York');
    });
  });

  describe('given an entry held for approval (issue 42)', () => {
    it('when the hold and the answer are described, then what waits, until when, and where it was approved show', () => {
      expect(describeSample('SignalHeldForApproval')).toEqual({
        title: 'Awaiting approval: buy 0.05 ETH at 3120.4',
        detail: 'until 2025-10-01 12:05 UTC',
        category: 'alert',
      });
      expect(describeSample('SignalApproved')).toEqual({ title: 'Approved from a notification', detail: null, category: 'alert' });
    });
  });

  describe('given account-stream events', () => {
    it('when a fill is described, then side, size, coin, price and fee show, and a realised PnL when there is one (issue 31, point 1)', () => {
      expect(describeSample('FillRecorded')).toEqual({ title: 'Fill: bought 0.0041 BTC at $97,073, fee $0.04', detail: 'Open Long', category: 'fill' });
      const close: DomainEvent = {
        type: 'FillRecorded',
        v: 1,
        data: { ...fill, side: 'A', px: '98100.5', closedPnl: '-4.21', fee: '0.05', dir: 'Close Long' },
      };
      expect(describeEvent(close)).toEqual({
        title: 'Fill: sold 0.0041 BTC at $98,100.5, fee $0.05',
        detail: 'Close Long · realised PnL -$4.21',
        category: 'fill',
      });
    });

    it('when snapshots are described, then equity has cents and positions read long or short (issue 31, point 1)', () => {
      expect(describeSample('BalanceSnapshotTaken')).toEqual({
        title: 'Account snapshot: equity $10,000.00',
        detail: 'available $9,800.00 · margin used $200.00',
        category: 'snapshot',
      });
      expect(describeSample('PositionsSnapshotTaken')).toEqual({
        title: 'Positions snapshot: BTC long 0.0041, ETH short 1.5',
        detail: 'taken after a fill',
        category: 'snapshot',
      });
    });

    it('when a version 1 balance snapshot is read back, then the upcast event is described like a current one (issue 31, point 1)', () => {
      const stored = safeParseEvent({
        type: 'BalanceSnapshotTaken',
        v: 1,
        data: { at: at(0), availableBalance: 950.5, totalEquity: '1000.0', marginUsed: '49.5', totalNotional: '495' },
      });
      if (!stored.ok) throw stored.error;
      expect(describeEvent(stored.value).title).toBe('Account snapshot: equity $1,000.00');
    });
  });

  describe('given trading-switch events', () => {
    it('when the kill switch and close-all are described, then they read as trading (issue 31, point 1)', () => {
      expect(describeSample('TradingPaused')).toEqual({ title: 'Trading paused (kill switch)', detail: 'alerts are logged, not traded', category: 'trading' });
      expect(describeSample('TradingResumed')).toEqual({ title: 'Trading resumed', detail: null, category: 'trading' });
      expect(describeSample('CloseAllRequested')).toEqual({ title: 'Close all positions requested', detail: 'closing BTC, ETH', category: 'trading' });
    });
  });

  describe('given notification events', () => {
    it('when channels are set, then each shows its kind and masked target, never its token or URL (issue 31, point 1)', () => {
      expect(describeSample('NotificationChannelsUpdated')).toEqual({
        title: 'Notification channels set: Telegram, Webhook',
        detail: 'Telegram -100777 (2 events), Webhook https://hooks.example.com/… (1 event)',
        category: 'notifications',
      });
    });

    it('when push, preferences, a silence alarm and the daily summary are described, then each says what changed or went out (issue 31, point 1)', () => {
      expect(describeSample('PushSubscriptionAdded')).toEqual({
        title: 'Push notifications turned on in a browser',
        detail: 'push service fcm.googleapis.com',
        category: 'notifications',
      });
      expect(describeSample('PushSubscriptionRemoved')).toMatchObject({ title: 'Push notifications turned off in a browser', category: 'notifications' });
      expect(describeSample('NotificationPreferencesUpdated')).toEqual({
        title: 'Notification preferences changed',
        detail: 'web push: 2 events · 1 silence alarm · daily summary at 08:30 Europe/Berlin',
        category: 'notifications',
      });
      expect(describeSample('StrategySilenceNoticed')).toEqual({
        title: 'Silence alarm sent: no alert since 2025-10-01 12:00 UTC',
        detail: 'Strategy id: main',
        category: 'notifications',
      });
      expect(describeSample('DailySummarySent')).toEqual({ title: 'Daily summary for 2025-10-01 sent', detail: null, category: 'notifications' });
      expect(describeSample('RiskAlarmRaised')).toEqual({
        title: 'Liquidation alarm sent: ETH long 7% from liquidation',
        detail: 'mark 3000, liquidation price 2790 · alarm at 10%',
        category: 'notifications',
      });
      expect(describeSample('RiskAlarmCleared').title).toBe('Margin usage alarm armed again');
      expect(describeSample('KeysExpiryNoticed').title).toBe('API wallet expiry notice sent: it expires within a week');
      expect(describeSample('CredentialsChecked')).toMatchObject({
        title: expect.stringMatching(/^API wallet 0x.* not approved by Hyperliquid$/),
        category: 'keys',
      });
    });
  });

  describe('given paper-trading events', () => {
    it('when a paper fill, snapshot and reset are described, then they say paper and name the strategy (issue 31, point 1)', () => {
      expect(describeSample('PaperFillRecorded')).toEqual({
        title: 'Paper fill: bought 0.0041 BTC at $97,073, fee $0.04',
        detail: 'Open Long · Strategy id: st_eth',
        category: 'paper',
      });
      expect(describeSample('PaperAccountSnapshotTaken')).toEqual({
        title: 'Paper account snapshot: equity $5,000.00',
        detail: 'BTC long 0.0041 · Strategy id: st_eth',
        category: 'paper',
      });
      expect(describeSample('PaperAccountReset')).toEqual({ title: 'Paper account reset to 5,000 USDC', detail: 'Strategy id: st_eth', category: 'paper' });
    });

    it('issue 41 §3: when a paper snapshot arms a break-even move, then it says so in the words live protection uses', () => {
      const snapshot = sample('PaperAccountSnapshotTaken');
      if (snapshot.type !== 'PaperAccountSnapshotTaken') throw new Error('sample is not PaperAccountSnapshotTaken');
      const breakEvens = [{ coin: 'BTC', long: true, activationPx: '98000', stopPx: '97100', signalId: 'sig_2' }];
      expect(describeEvent({ ...snapshot, data: { ...snapshot.data, breakEvens } }).detail).toBe(
        'BTC long 0.0041 · BTC stop to 97100 once the price reaches 98000 (break-even) · Strategy id: st_eth',
      );
    });

    it('when a paper funding payment is described, then it says who paid how much on which position, at what rate and for which hour', () => {
      expect(describeSample('PaperFundingPaid')).toEqual({
        title: 'Paper funding: paid $0.075 on ETH long 2',
        detail: '0.00125% an hour at $3,000 · hour of 2025-10-01 13:00 UTC · Strategy id: st_eth',
        category: 'paper',
      });
    });
  });

  describe('given live funding (issue 43)', () => {
    it('when a funding payment is described, then it says who paid how much on which position, at what rate, for which hour and strategy', () => {
      expect(describeSample('FundingPaid')).toEqual({
        title: 'Funding: paid $0.075 on ETH long 2',
        detail: '0.00125% an hour · hour of 2025-10-01 13:00 UTC · Strategy id: st_eth',
        category: 'fill',
      });
    });

    it('when a short received funding on a sub-account, then it says received and names the sub-account', () => {
      const funding = SAMPLES.FundingPaid;
      const { coin, fundingRate, time } = funding.data;
      const data = { coin, fundingRate, time, usdc: '0.5', szi: '-1', subAccount: `0x${'ab'.repeat(20)}` };
      expect(describeEvent({ ...funding, data })).toMatchObject({
        title: 'Funding: received $0.5 on ETH short 1',
        detail: expect.stringContaining('sub-account 0xabab'),
      });
    });
  });

  describe('given referral events', () => {
    it("when they are described, then they fall under other and the client's metadata is not shown (issue 31, point 1)", () => {
      expect(describeSample('ReferralSelfReported')).toMatchObject({ title: 'Reported joining Hyperliquid through the referral', category: 'other' });
      expect(describeSample('ReferralDeclined')).toEqual({ title: 'Declined the referral', detail: 'I already have an account', category: 'other' });
      expect(describeSample('ReferralJoinClicked')).toMatchObject({ category: 'other' });
      expect(describeSample('ReferralEventLogged')).toEqual({ title: 'Referral step logged: banner_shown', detail: null, category: 'other' });
    });
  });
});

describe('describeEvent: a resting entry cancelled after its time (issue 41 §1)', () => {
  it('issue 41 §1 cancelAfterMinutes: given RestingOrdersExpired, when described, then History says it was cancelled after 30 min in plain words', () => {
    expect(describeEvent(SAMPLES.RestingOrdersExpired)).toMatchObject({
      title: 'Resting ETH order cancelled after 30 min, not filled in time',
      category: 'order',
    });
  });

  it('issue 41 §3: given PaperRestingOrdersExpired, when described, then History says it in live’s words, as paper', () => {
    expect(describeEvent(SAMPLES.PaperRestingOrdersExpired)).toMatchObject({
      title: 'Paper: Resting ETH order cancelled after 30 min, not filled in time',
      category: 'paper',
    });
  });

  it('issue 41 §1 cancelAfterMinutes: given a ladder of which 4 were cancelled and 1 had filled, when described, then it counts them', () => {
    const data = { ...SAMPLES.RestingOrdersExpired.data, cancelled: ['a', 'b', 'c', 'd'], gone: ['e'] };
    expect(describeEvent({ ...SAMPLES.RestingOrdersExpired, data })).toMatchObject({
      title: '4 resting ETH orders cancelled after 30 min, not filled in time',
      detail: expect.stringContaining('1 already filled or cancelled') as string,
    });
  });
});
