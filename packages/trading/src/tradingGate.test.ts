import { DEFAULT_SETTINGS, type Settings, type StrategyState } from '@hyperhook/domain';
import { describe, expect, it } from 'vitest';
import type { UserProfile } from './loadUserProfile.js';
import { tradingGate } from './tradingGate.js';

const AT = '2026-11-28T05:00:00.000Z';
const big: Settings = { ...DEFAULT_SETTINGS, positionSizing: { mode: 'fixed', value: 500 } };
const strategy = (id: string, over: Partial<StrategyState> = {}): StrategyState => ({
  id,
  name: id === 'main' ? 'Main' : 'BTC trend',
  venue: 'live',
  paper: null,
  settings: DEFAULT_SETTINGS,
  secretHash: null,
  sealedSecret: null,
  pausedSince: null,
  createdAt: AT,
  deletedAt: null,
  ...over,
});
const profile = (over: Partial<UserProfile> = {}): UserProfile => ({
  credentials: null,
  settings: DEFAULT_SETTINGS,
  lastAccount: null,
  tradingPausedSince: null,
  strategies: [strategy('main'), strategy('st_btc', { settings: big })],
  ...over,
});

describe('tradingGate (issue 29, points 1, 4 and 8)', () => {
  it("issue 29, point 1: given an active strategy, then its own settings apply; an alert without a strategy is the first strategy's", () => {
    expect(tradingGate(profile(), 'st_btc')).toEqual({ ok: true, settings: big });
    expect(tradingGate(profile())).toEqual({ ok: true, settings: DEFAULT_SETTINGS });
  });

  it('issue 29, point 8: given a paused strategy, then its alerts are refused by name while the other strategy trades', () => {
    const paused = profile({ strategies: [strategy('main'), strategy('st_btc', { pausedSince: AT })] });
    expect(tradingGate(paused, 'st_btc')).toEqual({
      ok: false,
      code: 'STRATEGY_PAUSED',
      message:
        'Strategy "BTC trend" is paused (since 2026-11-28 05:00:00 UTC): this alert was logged and not traded. Resume the strategy to trade its new alerts.',
    });
    expect(tradingGate(paused, 'main').ok).toBe(true);
  });

  it("issue 29, point 4: the kill switch comes before any strategy's state, and the trader's own close-all passes every pause", () => {
    const stopped = profile({ tradingPausedSince: AT, strategies: [strategy('main', { pausedSince: AT }), strategy('st_btc', { deletedAt: AT })] });
    expect(tradingGate(stopped, 'st_btc')).toMatchObject({ ok: false, code: 'TRADING_PAUSED' });
    expect(tradingGate(stopped, 'main', 'closeAll')).toEqual({ ok: true, settings: DEFAULT_SETTINGS });
  });

  it('issue 29, point 1: given an alert that came just before its strategy was deleted, then it is refused as deleted, not traded on other settings', () => {
    const gone = profile({ strategies: [strategy('main'), strategy('st_btc', { deletedAt: AT, pausedSince: AT })] });
    expect(tradingGate(gone, 'st_btc')).toEqual({
      ok: false,
      code: 'STRATEGY_DELETED',
      message: 'Strategy "BTC trend" was deleted at 2026-11-28 05:00:00 UTC: this alert was logged and not traded.',
    });
  });

  it('issue 30, point 1: given a paper strategy, then its alerts trade its paper account in its current run, never the live account, and a close-all of the live account is refused for it', () => {
    const run = { balance: 10_000, epoch: 2, since: AT };
    const paper = profile({ strategies: [strategy('main'), strategy('st_btc', { venue: 'paper', paper: run })] });
    expect(tradingGate(paper, 'st_btc')).toEqual({ ok: true, settings: DEFAULT_SETTINGS, paper: run });
    expect(tradingGate(paper, 'st_btc', 'closeAll')).toMatchObject({ ok: false, code: 'PAPER_STRATEGY' });
    expect(tradingGate(paper, 'main')).toEqual({ ok: true, settings: DEFAULT_SETTINGS });
  });

  it('issue 30, point 1: a paused paper strategy, or all trading paused, holds its paper alerts too', () => {
    const paused = profile({
      strategies: [strategy('main'), strategy('st_btc', { venue: 'paper', paper: { balance: 10_000, epoch: 0, since: AT }, pausedSince: AT })],
    });
    expect(tradingGate(paused, 'st_btc')).toMatchObject({ ok: false, code: 'STRATEGY_PAUSED' });
    expect(tradingGate({ ...paused, tradingPausedSince: AT }, 'st_btc')).toMatchObject({ ok: false, code: 'TRADING_PAUSED' });
  });
});
