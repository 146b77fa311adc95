import { describe, expect, it } from 'vitest';
import { alert, at, received } from '../testing/fixtures.js';
import { MAX_RAW_BODY_BYTES, SignalReceivedSchema } from './signalEvents.js';

const data = received.type === 'SignalReceived' ? received.data : (undefined as never);

describe('SignalReceived', () => {
  it('CARD-13: needs exactly one of alert and rejection', () => {
    expect(SignalReceivedSchema.safeParse(received).success).toBe(true);
    expect(SignalReceivedSchema.safeParse({ ...received, data: { ...data, alert: null } }).success).toBe(false);
    expect(SignalReceivedSchema.safeParse({ ...received, data: { ...data, alert, rejection: { code: 'INVALID_JSON', message: 'bad' } } }).success).toBe(false);
  });

  it('keeps raw bodies up to 64 KiB of UTF-8, counting bytes rather than characters', () => {
    const ok = { ...received, data: { ...data, rawBody: 'a'.repeat(MAX_RAW_BODY_BYTES) } };
    const tooBig = { ...received, data: { ...data, rawBody: 'é'.repeat(MAX_RAW_BODY_BYTES / 2 + 1) } };
    expect(SignalReceivedSchema.safeParse(ok).success).toBe(true);
    expect(SignalReceivedSchema.safeParse(tooBig).success).toBe(false);
  });

  it('times are ISO-8601 UTC with milliseconds', () => {
    expect(SignalReceivedSchema.safeParse({ ...received, data: { ...data, receivedAt: '2025-10-01 12:00' } }).success).toBe(false);
    expect(SignalReceivedSchema.safeParse({ ...received, data: { ...data, receivedAt: at(1) } }).success).toBe(true);
  });
});
