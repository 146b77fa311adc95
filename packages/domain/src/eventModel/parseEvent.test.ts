import { describe, expect, it } from 'vitest';
import { ARGON2_HASH, at, received, sealed } from '../testing/fixtures.js';
import { CURRENT_EVENT_VERSION, DOMAIN_EVENT_TYPES, EVENT_STREAM_CATEGORY } from './domainEvent.js';
import { EventParseError, parseEvent, safeParseEvent } from './parseEvent.js';
import { upcast, UpcastError, upcasterKey, upcasters, type UpcasterRegistry } from './upcasters.js';

describe('parseEvent', () => {
  it('reads a current event unchanged', () => {
    expect(parseEvent(received)).toEqual(received);
  });

  it('refuses something that is not an envelope', () => {
    expect(() => parseEvent({ type: 'SignalReceived' })).toThrow(EventParseError);
    expect(safeParseEvent('nope').ok).toBe(false);
  });

  it('refuses an unknown type or a version without an upcaster', () => {
    expect(() => parseEvent({ type: 'Nope', v: 1, data: {} })).toThrow(EventParseError);
    expect(() => parseEvent({ ...received, v: 2 })).toThrow(/Invalid SignalReceived v2/);
  });

  it('refuses invalid data with the zod issues attached', () => {
    const result = safeParseEvent({ type: 'ReferralDeclined', v: 1, data: { reason: '', at: at(0) } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.issues.map((i) => i.path.join('.'))).toEqual(['data.reason']);
  });

  it('LEGAL-08: a CredentialsSaved without a sealed key (e.g. a clear private key) is refused', () => {
    const clear = {
      type: 'CredentialsSaved',
      v: 1,
      data: { apiWalletAddress: '0x' + '1'.repeat(40), accountAddress: '0x' + '2'.repeat(40), isTestnet: false, privateKey: '0x' + '3'.repeat(64), at: at(0) },
    };
    expect(safeParseEvent(clear).ok).toBe(false);
    expect(safeParseEvent({ ...clear, data: { ...clear.data, sealedPrivateKey: sealed() } }).ok).toBe(true);
  });

  it('UserSignedUp requires a lower-cased email', () => {
    const event = { type: 'UserSignedUp', v: 1, data: { uid: 'u1', email: 'Me@x.io', passwordHash: ARGON2_HASH, at: at(0) } };
    expect(safeParseEvent(event).ok).toBe(false);
    expect(safeParseEvent({ ...event, data: { ...event.data, email: 'me@x.io' } }).ok).toBe(true);
  });
});

describe('upcasters', () => {
  /** A fake past: ReferralDeclined v0 called its reason `why` and had no version field semantics beyond 0. */
  const registry: UpcasterRegistry = {
    [upcasterKey('ReferralDeclined', 0)]: (event) => {
      const { why, ...rest } = event.data as { why: string; at: string };
      return { type: event.type, v: 1, data: { ...rest, reason: why } };
    },
  };
  const v0 = { type: 'ReferralDeclined', v: 0, data: { why: 'not now', at: at(0) } };

  it('upcasts a v0 event to v1 on read, then validates it', () => {
    expect(parseEvent(v0, registry)).toEqual({ type: 'ReferralDeclined', v: 1, data: { reason: 'not now', at: at(0) } });
  });

  it('without the upcaster the v0 event is refused', () => {
    expect(() => parseEvent(v0)).toThrow(EventParseError);
  });

  it('chains upcasters v0 → v1 → v2', () => {
    const chain: UpcasterRegistry = {
      [upcasterKey('X', 0)]: (e) => ({ ...e, v: 1, data: { steps: ['0→1'] } }),
      [upcasterKey('X', 1)]: (e) => ({ ...e, v: 2, data: { steps: [...(e.data as { steps: string[] }).steps, '1→2'] } }),
    };
    expect(upcast({ type: 'X', v: 0, data: null }, chain)).toEqual({ type: 'X', v: 2, data: { steps: ['0→1', '1→2'] } });
  });

  it('an upcaster that does not move the version forward by one is a bug, reported as such', () => {
    const broken: UpcasterRegistry = { [upcasterKey('X', 0)]: (e) => ({ ...e, v: 0 }) };
    expect(() => upcast({ type: 'X', v: 0, data: null }, broken)).toThrow(UpcastError);
    expect(safeParseEvent({ type: 'X', v: 0, data: null }, broken).ok).toBe(false);
  });

  it('the production registry has no upcaster that does not read an older version than current', () => {
    for (const key of Object.keys(upcasters)) {
      const [type, v] = key.split('@');
      expect(Number(v)).toBeLessThan(CURRENT_EVENT_VERSION[type as keyof typeof CURRENT_EVENT_VERSION]);
    }
  });
});

describe('event catalogue', () => {
  it('CARD-17: every event type belongs to exactly one stream category, starts at v1 and is upcast from v1 to its current version', () => {
    expect(DOMAIN_EVENT_TYPES).toHaveLength(65);
    expect(new Set(DOMAIN_EVENT_TYPES).size).toBe(65);
    expect(Object.values(EVENT_STREAM_CATEGORY).filter((c) => c === 'user')).toHaveLength(36);
    expect(Object.values(EVENT_STREAM_CATEGORY).filter((c) => c === 'signal')).toHaveLength(13);
    expect(Object.values(EVENT_STREAM_CATEGORY).filter((c) => c === 'account')).toHaveLength(9);
    expect(Object.values(EVENT_STREAM_CATEGORY).filter((c) => c === 'paper')).toHaveLength(4);
    expect(Object.values(EVENT_STREAM_CATEGORY).filter((c) => c === 'backtest')).toHaveLength(1);
    expect(Object.values(EVENT_STREAM_CATEGORY).filter((c) => c === 'email' || c === 'identity')).toHaveLength(2);
    const later = Object.entries(CURRENT_EVENT_VERSION).filter(([, v]) => v > 1);
    expect(later.map(([type]) => type).sort()).toEqual(['BalanceSnapshotTaken', 'PositionsSnapshotTaken']);
    for (const [type, current] of later) for (let v = 1; v < current; v += 1) expect(Object.hasOwn(upcasters, upcasterKey(type, v)), `${type}@${v}`).toBe(true);
    expect(EVENT_STREAM_CATEGORY.OrderSubmitted).toBe('signal');
    expect([EVENT_STREAM_CATEGORY.TradingPaused, EVENT_STREAM_CATEGORY.TradingResumed, EVENT_STREAM_CATEGORY.CloseAllRequested]).toEqual([
      'user',
      'user',
      'user',
    ]);
    expect(EVENT_STREAM_CATEGORY.AlertsRefused).toBe('account');
  });
});
