import { describe, expect, it } from 'vitest';
import { normaliseTimestamp } from './normaliseTimestamp.js';

const ISO = '2025-10-01T12:00:00.123Z';
const MS = Date.parse(ISO);

describe('normaliseTimestamp', () => {
  it.each([
    ['an ISO string', ISO],
    ['an ISO string with an offset', '2025-10-01T14:00:00.123+02:00'],
    ['a Date', new Date(MS)],
    ['epoch milliseconds', MS],
    ['epoch milliseconds as text', String(MS)],
    ['a {seconds, nanoseconds} pair', { seconds: Math.floor(MS / 1000), nanoseconds: 123_456_789 }],
    ['a serialised {_seconds, _nanoseconds} pair', { _seconds: Math.floor(MS / 1000), _nanoseconds: 123_000_000 }],
  ])('ENT-04, ENT-20: reads %s', (_label, value) => {
    expect(normaliseTimestamp(value)).toBe(ISO);
  });

  it.each([[null], [undefined], [''], ['not a date'], [Number.NaN], [new Date('x')], [{ seconds: 'x' }], [{}], [1e20]])('gives null for %s', (value) => {
    expect(normaliseTimestamp(value)).toBeNull();
  });

  it('a seconds pair without nanoseconds is whole seconds', () => {
    expect(normaliseTimestamp({ seconds: 1759320000 })).toBe('2025-10-01T12:00:00.000Z');
  });
});
