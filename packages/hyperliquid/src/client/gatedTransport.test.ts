import type { IRequestTransport } from '@nktkas/hyperliquid';
import { describe, expect, it } from 'vitest';
import { GateClosedError, GatedTransport } from './gatedTransport.js';

function recordingTransport(): IRequestTransport & { sent: unknown[] } {
  const sent: unknown[] = [];
  return { isTestnet: true, sent, request: async <T>(_endpoint: string, payload: unknown) => (sent.push(payload), { status: 'ok' } as T) };
}

describe('GatedTransport', () => {
  it('given an open gate, when a request is made, then it is held until the gate resolves and then sent once', async () => {
    const inner = recordingTransport();
    let open!: () => void;
    const transport = new GatedTransport(inner, new Promise<void>((resolve) => (open = resolve)));

    const answer = transport.request('exchange', { action: 'signed' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(inner.sent).toEqual([]);
    open();

    expect(await answer).toEqual({ status: 'ok' });
    expect(inner.sent).toEqual([{ action: 'signed' }]);
    expect(transport.isTestnet).toBe(true);
  });

  it('given a gate that rejects, when a request is made, then nothing is sent and the error says why', async () => {
    const inner = recordingTransport();
    const transport = new GatedTransport(inner, Promise.reject(new Error('append failed')));

    const failure = await transport.request('exchange', { action: 'signed' }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(GateClosedError);
    expect((failure as Error).message).toBe('not sent: append failed');
    expect(inner.sent).toEqual([]);
  });
});
