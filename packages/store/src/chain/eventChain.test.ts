import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../ports/events.js';
import { ChainWalk } from './chainWalk.js';
import { canonicalEvent, chainHash, GENESIS_HASH } from './eventChainHash.js';

const event = (position: number, data: RecordedEvent['data'], extra: Partial<RecordedEvent> = {}): RecordedEvent => ({
  eventId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
  streamId: 'user-u1',
  streamVersion: position - 1,
  globalPosition: position,
  type: 'SettingsUpdated',
  data,
  metadata: { schemaVersion: 1 },
  recordedAt: Date.UTC(2026, 10, 28, 12, 0, position),
  ...extra,
});

/** Each event with the hash a correct chain gives it. */
function chained(events: readonly RecordedEvent[]): { event: RecordedEvent; hash: string }[] {
  let previous = GENESIS_HASH;
  return events.map((e) => {
    previous = chainHash(previous, e);
    return { event: e, hash: previous };
  });
}

function walk(rows: readonly { event: RecordedEvent; hash: string | null }[]) {
  const chain = new ChainWalk();
  for (const row of rows) {
    const broken = chain.step(row.event, row.hash);
    if (broken !== null) return { broken, head: chain.head };
  }
  return { broken: null, head: chain.head };
}

describe('the event hash chain (issue 31, point 4)', () => {
  it('given an event, then its canonical form is RFC 8785 JSON of type, stream, version, data, metadata and time, whatever order its keys were stored in', () => {
    const stored = event(1, { b: 1, a: { d: 'x', c: 1.5e21 } });
    const reordered = event(1, { a: { c: 1.5e21, d: 'x' }, b: 1 });

    expect(canonicalEvent(stored)).toBe(
      '{"data":{"a":{"c":1.5e+21,"d":"x"},"b":1},"metadata":{"schemaVersion":1},"stream":"user-u1","time":"2026-11-28T12:00:01.000Z","type":"SettingsUpdated","version":0}',
    );
    expect(canonicalEvent(reordered)).toBe(canonicalEvent(stored));
    expect(canonicalEvent({ ...stored, metadata: undefined })).toContain('"metadata":null');
  });

  it("given the previous hash, then an event's hash is SHA-256 over it, a newline and the canonical form; the position and event id are not part of it", () => {
    const first = event(1, { a: 1 });
    const expected = createHash('sha256')
      .update(`${GENESIS_HASH}\n${canonicalEvent(first)}`)
      .digest('hex');

    expect(chainHash(GENESIS_HASH, first)).toBe(expected);
    expect(chainHash(GENESIS_HASH, { ...first, globalPosition: 9_000_000, eventId: 'another' } as RecordedEvent)).toBe(expected);
    expect(chainHash('1'.repeat(64), first)).not.toBe(expected);
  });

  it('given a lone surrogate in stored data, then the event still has a canonical form and a hash', () => {
    const odd = event(1, { rawBody: 'ok \ud800 end' });
    expect(canonicalEvent(odd)).toContain('ok \ufffd end');
    expect(chainHash(GENESIS_HASH, odd)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('given an intact log, when walking it, then the chain holds and the head is the last event and its hash', () => {
    const rows = chained([event(1, { a: 1 }), event(2, { a: 2 }), event(3, { a: 3 })]);
    expect(walk(rows)).toEqual({ broken: null, head: { position: 3, hash: rows[2]!.hash } });
  });

  it('given a changed event, a removed one, two swapped ones or a missing hash, when walking, then the first bad position is named', () => {
    const rows = chained([event(1, { a: 1 }), event(2, { a: 2 }), event(3, { a: 3 }), event(4, { a: 4 })]);
    const changed = rows.map((row, i) => (i === 1 ? { ...row, event: { ...row.event, data: { a: 20 } } } : row));
    const removed = rows.filter((_, i) => i !== 1);
    const swapped = [
      rows[0]!,
      { event: { ...rows[2]!.event, globalPosition: 2 }, hash: rows[1]!.hash },
      { event: { ...rows[1]!.event, globalPosition: 3 }, hash: rows[2]!.hash },
      rows[3]!,
    ];
    const unhashed = rows.map((row, i) => (i === 3 ? { ...row, hash: null } : row));

    expect(walk(changed).broken?.position).toBe(2);
    expect(walk(removed).broken?.position).toBe(3);
    expect(walk(swapped).broken?.position).toBe(2);
    expect(walk(unhashed)).toMatchObject({ broken: { position: 4, stored: null }, head: { position: 3, hash: rows[2]!.hash } });
  });
});
