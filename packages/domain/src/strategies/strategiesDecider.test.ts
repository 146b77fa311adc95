import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../settings/settingsSchema.js';
import { foldState } from '../shared/decider.js';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import { deciderSpec } from '../testing/deciderSpec.js';
import { account, at, SECRET_HASH_1, SECRET_HASH_2, sealed } from '../testing/fixtures.js';
import { settingsDecider } from '../settings/settingsDecider.js';
import { accountDecider } from '../user/accountDecider.js';
import { strategiesDecider, type StrategyCommand } from './strategiesDecider.js';
import { liveStrategies } from './strategiesState.js';
import { MAX_STRATEGIES } from '../eventModel/strategyIds.js';
import { DomainError } from '../shared/domainError.js';

const spec = deciderSpec(strategiesDecider);
const SECRET_HASH_3 = 'c'.repeat(64);
const firstRecorded: UserEvent = { type: 'StrategyCreated', v: 1, data: { strategyId: 'main', name: 'Main', venue: 'live', at: at(0) } };
/** An account made after strategies: sign-up recorded its first strategy. */
const newAccount: UserEvent[] = [...account, firstRecorded];
const create = (strategyId = 'st_btc', name = 'BTC trend', secretHash = SECRET_HASH_2): Extract<StrategyCommand, { type: 'CreateStrategy' }> => ({
  type: 'CreateStrategy',
  strategyId,
  name,
  webhookSecret: { secretHash, sealedSecret: sealed('wk-1') },
  at: at(1000),
});
const created = (strategyId = 'st_btc', name = 'BTC trend', secretHash = SECRET_HASH_2): UserEvent[] => [
  { type: 'StrategyCreated', v: 1, data: { strategyId, name, venue: 'live', settings: structuredClone(DEFAULT_SETTINGS), at: at(1000) } },
  { type: 'WebhookSecretRotated', v: 1, data: { secretHash, sealedSecret: sealed('wk-1'), strategyId, at: at(1000) } },
];

describe('strategiesDecider (issue 29, point 1)', () => {
  it('issue 29, point 1: given an account, when a strategy is created, then it gets a name, the live venue, the default settings and its own webhook URL', () => {
    spec.given(newAccount).when(create()).then(created());
  });

  it('issue 29, point 1: given an account older than strategies, when the trader creates a strategy, then the first strategy is recorded first, as migrated, with its history untouched', () => {
    spec
      .given(account)
      .when(create())
      .then([{ type: 'StrategyCreated', v: 1, data: { strategyId: 'main', name: 'Main', venue: 'live', migrated: true, at: at(1000) } }, ...created()]);
  });

  it('issue 29, point 1: given an account older than strategies, when the migration runs twice, then the first strategy is recorded once', () => {
    spec
      .given(account)
      .when({ type: 'RecordFirstStrategy', at: at(5) })
      .then([{ type: 'StrategyCreated', v: 1, data: { strategyId: 'main', name: 'Main', venue: 'live', migrated: true, at: at(5) } }]);
    spec
      .given(newAccount)
      .when({ type: 'RecordFirstStrategy', at: at(5) })
      .then([]);
  });

  it('issue 29, point 1: a name already used (in any case), a blank name and a name over 60 characters are refused by name', () => {
    spec
      .given([...newAccount, ...created()])
      .when(create('st_2', '  btc TREND ', SECRET_HASH_3))
      .then({ code: 'STRATEGY_NAME_TAKEN', message: 'A strategy named "btc TREND" already exists.' });
    spec.given(newAccount).when(create('st_2', '   ')).then({ code: 'INVALID_STRATEGY_NAME', message: 'Name is required.' });
    spec
      .given(newAccount)
      .when(create('st_2', 'x'.repeat(61)))
      .then({ code: 'INVALID_STRATEGY_NAME', message: 'Name must be at most 60 characters.' });
  });

  it(`issue 29, point 1: at most ${MAX_STRATEGIES} strategies; a deleted one frees its place and its name`, () => {
    const many = Array.from({ length: MAX_STRATEGIES - 1 }, (_, i) => created(`st_${i}`, `S${i}`, i.toString(16).padStart(64, '0'))).flat();
    spec
      .given([...newAccount, ...many])
      .when(create('st_x', 'One more', SECRET_HASH_3))
      .then({ code: 'TOO_MANY_STRATEGIES' });
    const deleted: UserEvent = { type: 'StrategyDeleted', v: 1, data: { strategyId: 'st_0', at: at(2000) } };
    const state = foldState(strategiesDecider, [...newAccount, ...many, deleted]);
    expect(liveStrategies(state)).toHaveLength(MAX_STRATEGIES - 1);
    expect(strategiesDecider.decide(create('st_x', 'S0', SECRET_HASH_3), state).map((e) => e.type)).toEqual(['StrategyCreated', 'WebhookSecretRotated']);
  });

  it('issue 29, point 1: rename, pause, resume and delete record one event each, and repeating any of them records nothing', () => {
    const given = [...newAccount, ...created()];
    spec
      .given(given)
      .when({ type: 'RenameStrategy', strategyId: 'st_btc', name: 'BTC swing', at: at(2) })
      .then([{ type: 'StrategyRenamed', v: 1, data: { strategyId: 'st_btc', name: 'BTC swing', at: at(2) } }]);
    spec
      .given(given)
      .when({ type: 'RenameStrategy', strategyId: 'st_btc', name: 'BTC trend', at: at(2) })
      .then([]);
    const paused: UserEvent = { type: 'StrategyPaused', v: 1, data: { strategyId: 'st_btc', at: at(3) } };
    spec
      .given(given)
      .when({ type: 'PauseStrategy', strategyId: 'st_btc', at: at(3) })
      .then([paused]);
    spec
      .given([...given, paused])
      .when({ type: 'PauseStrategy', strategyId: 'st_btc', at: at(4) })
      .then([]);
    spec
      .given([...given, paused])
      .when({ type: 'ResumeStrategy', strategyId: 'st_btc', at: at(5) })
      .then([{ type: 'StrategyResumed', v: 1, data: { strategyId: 'st_btc', at: at(5) } }]);
    spec
      .given(given)
      .when({ type: 'ResumeStrategy', strategyId: 'st_btc', at: at(5) })
      .then([]);
    const deleted: UserEvent = { type: 'StrategyDeleted', v: 1, data: { strategyId: 'st_btc', at: at(6) } };
    spec
      .given(given)
      .when({ type: 'DeleteStrategy', strategyId: 'st_btc', at: at(6) })
      .then([deleted]);
    spec
      .given([...given, deleted])
      .when({ type: 'DeleteStrategy', strategyId: 'st_btc', at: at(7) })
      .then([]);
  });

  it('issue 29, point 1: a deleted or unknown strategy is not found, and the first strategy cannot be deleted', () => {
    const given = [...newAccount, ...created(), { type: 'StrategyDeleted', v: 1, data: { strategyId: 'st_btc', at: at(6) } } as UserEvent];
    spec
      .given(given)
      .when({ type: 'PauseStrategy', strategyId: 'st_btc', at: at(7) })
      .then({ code: 'STRATEGY_NOT_FOUND', message: 'No such strategy: it may have been deleted.' });
    spec
      .given(given)
      .when({ type: 'RenameStrategy', strategyId: 'nope', name: 'x', at: at(7) })
      .then({ code: 'STRATEGY_NOT_FOUND' });
    spec
      .given(given)
      .when({ type: 'DeleteStrategy', strategyId: 'main', at: at(7) })
      .then({ code: 'FIRST_STRATEGY_KEPT' });
  });

  it("issue 29, point 1: a strategy's settings are validated as the spec's and recorded with its id; the first strategy's are recorded as the spec's settings always were", () => {
    const given = [...newAccount, ...created()];
    const settings = structuredClone(DEFAULT_SETTINGS);
    settings.positionSizing.value = 250;
    spec
      .given(given)
      .when({ type: 'UpdateStrategySettings', strategyId: 'st_btc', settings, at: at(8) })
      .then([{ type: 'SettingsUpdated', v: 1, data: { settings, at: at(8), strategyId: 'st_btc' } }]);
    spec
      .given(given)
      .when({ type: 'UpdateStrategySettings', strategyId: 'main', settings, at: at(8) })
      .then([{ type: 'SettingsUpdated', v: 1, data: { settings, at: at(8) } }]);
    spec
      .given(given)
      .when({ type: 'UpdateStrategySettings', strategyId: 'st_btc', settings: DEFAULT_SETTINGS, at: at(8) })
      .then([]);
    const bad = structuredClone(DEFAULT_SETTINGS);
    bad.trading.leverage = 0;
    spec
      .given(given)
      .when({ type: 'UpdateStrategySettings', strategyId: 'st_btc', settings: bad, at: at(8) })
      .then({ code: 'INVALID_SETTINGS', title: 'Unable to save settings' });
  });

  it("issue 29, point 1: another strategy's settings and webhook URL leave the spec's settings and the account's webhook URL alone", () => {
    const settings = structuredClone(DEFAULT_SETTINGS);
    settings.positionSizing.value = 250;
    const events: UserEvent[] = [...newAccount, ...created(), { type: 'SettingsUpdated', v: 1, data: { settings, at: at(8), strategyId: 'st_btc' } }];
    expect(foldState(settingsDecider, events).settings).toEqual(DEFAULT_SETTINGS);
    expect(foldState(accountDecider, events).secretHash).toBe(SECRET_HASH_1);
    const state = foldState(strategiesDecider, events);
    expect(state.strategies.map((s) => [s.id, s.secretHash, s.settings.positionSizing.value])).toEqual([
      ['main', SECRET_HASH_1, DEFAULT_SETTINGS.positionSizing.value],
      ['st_btc', SECRET_HASH_2, 250],
    ]);
  });

  it("issue 29, point 1: rotating a strategy's URL records the new hash under its id; the same hash again is refused", () => {
    const given = [...newAccount, ...created()];
    spec
      .given(given)
      .when({ type: 'RotateStrategyWebhookSecret', strategyId: 'st_btc', secretHash: SECRET_HASH_3, sealedSecret: sealed('wk-1'), at: at(9) })
      .then([{ type: 'WebhookSecretRotated', v: 1, data: { secretHash: SECRET_HASH_3, sealedSecret: sealed('wk-1'), at: at(9), strategyId: 'st_btc' } }]);
    spec
      .given(given)
      .when({ type: 'RotateStrategyWebhookSecret', strategyId: 'st_btc', secretHash: SECRET_HASH_2, sealedSecret: sealed('wk-1'), at: at(9) })
      .then({ code: 'WEBHOOK_SECRET_UNCHANGED' });
  });

  it('issue 29, point 1: no strategy command works before sign-up', () => {
    spec.given([]).when(create()).then({ code: 'ACCOUNT_NOT_FOUND' });
  });
});

describe('strategiesDecider, paper strategies (issue 30, point 1)', () => {
  const paperCreate = (paperBalance?: unknown): StrategyCommand => ({
    ...create('st_paper', 'Paper ETH'),
    venue: 'paper',
    ...(paperBalance === undefined ? {} : { paperBalance }),
  });
  const paperCreated = (paperBalance: number): UserEvent[] => [
    {
      type: 'StrategyCreated',
      v: 1,
      data: { strategyId: 'st_paper', name: 'Paper ETH', venue: 'paper', paperBalance, settings: structuredClone(DEFAULT_SETTINGS), at: at(1000) },
    },
    { type: 'WebhookSecretRotated', v: 1, data: { secretHash: SECRET_HASH_2, sealedSecret: sealed('wk-1'), strategyId: 'st_paper', at: at(1000) } },
  ];

  it('issue 30, point 1: given an account, when a paper strategy is created without a balance, then it starts with 10,000 USDC', () => {
    spec.given(newAccount).when(paperCreate()).then(paperCreated(10_000));
    const strategy = foldState(strategiesDecider, [...newAccount, ...paperCreated(10_000)]).strategies[1];
    expect(strategy).toMatchObject({ venue: 'paper', paper: { balance: 10_000, epoch: 0, since: at(1000) } });
  });

  it('issue 30, point 1: a paper balance out of range, or on a live strategy, is refused by field', () => {
    spec.given(newAccount).when(paperCreate(2500)).then(paperCreated(2500));
    spec.given(newAccount).when(paperCreate(50)).then({ code: 'INVALID_PAPER_BALANCE', message: 'Paper balance must be at least 100 USDC.' });
    spec.given(newAccount).when(paperCreate('lots')).then({ code: 'INVALID_PAPER_BALANCE', message: 'Paper balance must be a number of USDC.' });
    spec
      .given(newAccount)
      .when({ ...create(), paperBalance: 5000 })
      .then({ code: 'INVALID_PAPER_BALANCE', message: 'Only a paper strategy has a paper balance.' });
  });

  it('issue 30, point 1: when a paper account is reset, then it starts a new run with the balance named or the one it had', () => {
    const given = [...newAccount, ...paperCreated(2500)];
    spec
      .given(given)
      .when({ type: 'ResetPaperAccount', strategyId: 'st_paper', at: at(9) })
      .then([{ type: 'PaperAccountReset', v: 1, data: { strategyId: 'st_paper', balance: 2500, at: at(9) } }]);
    const reset: UserEvent = { type: 'PaperAccountReset', v: 1, data: { strategyId: 'st_paper', balance: 700, at: at(9) } };
    spec
      .given(given)
      .when({ type: 'ResetPaperAccount', strategyId: 'st_paper', balance: 700, at: at(9) })
      .then([reset]);
    expect(foldState(strategiesDecider, [...given, reset]).strategies[1]?.paper).toEqual({ balance: 700, epoch: 1, since: at(9) });
    spec
      .given([...newAccount, ...created()])
      .when({ type: 'ResetPaperAccount', strategyId: 'st_btc', at: at(9) })
      .then({ code: 'NOT_PAPER' });
  });

  it('issue 30, point 1: when a paper strategy is promoted, then it trades live with the settings it had, and promoting again records nothing', () => {
    const given = [...newAccount, ...paperCreated(10_000)];
    const promoted: UserEvent = { type: 'StrategyPromoted', v: 1, data: { strategyId: 'st_paper', at: at(9) } };
    spec
      .given(given)
      .when({ type: 'PromoteStrategy', strategyId: 'st_paper', at: at(9) })
      .then([promoted]);
    spec
      .given([...given, promoted])
      .when({ type: 'PromoteStrategy', strategyId: 'st_paper', at: at(10) })
      .then([]);
    expect(foldState(strategiesDecider, [...given, promoted]).strategies[1]).toMatchObject({ venue: 'live', paper: null, settings: DEFAULT_SETTINGS });
  });
});

describe('strategiesDecider: a strategy on a Hyperliquid sub-account (issue 39, point 2)', () => {
  const SUB = `0x${'5e'.repeat(20)}`;
  const bind = (subAccountAddress: string | null, openPositions = 0): StrategyCommand => ({
    type: 'BindSubAccount',
    strategyId: 'st_btc',
    subAccountAddress,
    name: 'btc-sub',
    openPositions,
    at: at(2000),
  });
  const bound: UserEvent = { type: 'StrategySubAccountBound', v: 1, data: { strategyId: 'st_btc', subAccountAddress: SUB, name: 'btc-sub', at: at(2000) } };

  it('given a live strategy, when it is bound to a sub-account the api checked, then the binding is recorded and the strategy trades there', () => {
    spec
      .given([...newAccount, ...created()])
      .when(bind(SUB.toUpperCase().replace('0X', '0x')))
      .then([bound]);
    const state = foldState(strategiesDecider, [...newAccount, ...created(), bound]);
    expect(state.strategies.find((s) => s.id === 'st_btc')?.subAccount).toEqual({ address: SUB, name: 'btc-sub' });
  });

  it('given a bound strategy, when it is bound again to the same sub-account, then nothing; when unbound, then it is back on the main account', () => {
    spec
      .given([...newAccount, ...created(), bound])
      .when(bind(SUB))
      .then([]);
    spec
      .given([...newAccount, ...created(), bound])
      .when(bind(null))
      .then([{ type: 'StrategySubAccountBound', v: 1, data: { strategyId: 'st_btc', subAccountAddress: null, at: at(2000) } }]);
  });

  it('given a strategy holding a position, when it is moved, then it is refused with the reason', () => {
    expect(() => strategiesDecider.decide(bind(SUB, 2), foldState(strategiesDecider, [...newAccount, ...created()]))).toThrow(
      '"BTC trend" holds 2 positions on the account it trades on now; close them before moving it to another account.',
    );
  });

  it('given a paper strategy, when it is bound, then it is refused: it trades no Hyperliquid account', () => {
    const paper: UserEvent[] = [
      { type: 'StrategyCreated', v: 1, data: { strategyId: 'st_btc', name: 'Paper', venue: 'paper', paperBalance: 1000, at: at(1000) } },
    ];
    expect(() => strategiesDecider.decide(bind(SUB), foldState(strategiesDecider, [...newAccount, ...paper]))).toThrow(
      'A paper strategy trades no Hyperliquid account; promote it to live first.',
    );
  });
});

describe('strategy guards (issue 42, point 1)', () => {
  const set = (guards: unknown): StrategyCommand => ({ type: 'SetStrategyGuards', strategyId: 'st_btc', guards, at: at(3000) });
  const guards = { cooldownMinutes: 15, direction: 'long' as const, timeZone: 'Europe/Berlin' };
  const setEvent: UserEvent = { type: 'StrategyGuardsSet', v: 1, data: { strategyId: 'st_btc', guards, at: at(3000) } };

  it('given a strategy, when guards are set, then they are recorded and folded into it; the same guards again record nothing', () => {
    spec
      .given([...newAccount, ...created()])
      .when(set(guards))
      .then([setEvent]);
    spec
      .given([...newAccount, ...created(), setEvent])
      .when(set({ ...guards }))
      .then([]);
    expect(foldState(strategiesDecider, [...newAccount, ...created(), setEvent]).strategies.find((s) => s.id === 'st_btc')?.guards).toEqual(guards);
  });

  it('given guards with a field out of bounds, when set, then refused naming the field', () => {
    expect(() => strategiesDecider.decide(set({ cooldownMinutes: 0 }), foldState(strategiesDecider, [...newAccount, ...created()]))).toThrow(
      /^cooldownMinutes: /,
    );
    expect(() => strategiesDecider.decide(set({ surprise: true }), foldState(strategiesDecider, [...newAccount, ...created()]))).toThrow(DomainError);
  });

  it('given another user\'s or a deleted strategy, when guards are set, then "Strategy not found"', () => {
    const elsewhere: StrategyCommand = { type: 'SetStrategyGuards', strategyId: 'st_none', guards, at: at(3000) };
    expect(() => strategiesDecider.decide(elsewhere, foldState(strategiesDecider, [...newAccount, ...created()]))).toThrow(DomainError);
  });
});
