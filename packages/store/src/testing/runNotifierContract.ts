import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Notifier, NotifierMessage } from '../ports/Notifier.js';
import type { Closable, FixtureFactory, NotifierPorts } from './fixtures.js';
import { waitFor } from './helpers.js';

/**
 * The Notifier contract. The factory should route handler errors somewhere quiet: one test
 * makes a handler throw on purpose.
 */
export function runNotifierContract(name: string, factory: FixtureFactory<NotifierPorts>): void {
  describe(`Notifier contract: ${name}`, () => {
    let open: Closable;
    let notifier: Notifier;

    beforeEach(async () => {
      const fixture = await factory();
      open = fixture;
      notifier = fixture.notifier;
    });
    afterEach(async () => {
      await open.close();
    });

    it('given subscribers to a channel and to patterns, when publishing, then each matching one receives the message and channel', async () => {
      const got: string[] = [];
      notifier.subscribe('proj.logs.u-1', (m, c) => void got.push(`exact ${c} ${JSON.stringify(m)}`));
      notifier.subscribe('proj.*.u-1', (_m, c) => void got.push(`star ${c}`));
      notifier.subscribe('proj.>', (_m, c) => void got.push(`tail ${c}`));
      notifier.subscribe('proj.logs.u-2', () => void got.push('other user'));
      notifier.publish('proj.logs.u-1', { id: 's-1', version: 2 });
      // A later message for the other user bounds the wait: messages arrive in publication order, so
      // a stray or repeated delivery of the first would come before it.
      notifier.publish('proj.logs.u-2', { id: 's-2', version: 1 });
      await waitFor(() => got.includes('other user'), 2000, 'the later delivery');
      expect(got.sort()).toEqual([
        'exact proj.logs.u-1 {"id":"s-1","version":2}',
        'other user',
        'star proj.logs.u-1',
        'tail proj.logs.u-1',
        'tail proj.logs.u-2',
      ]);
    });

    it('given a publish, then handlers run after publish returned, never inside it', async () => {
      const order: string[] = [];
      notifier.subscribe('a.b', () => void order.push('handler'));
      notifier.publish('a.b', null);
      order.push('after publish');
      await waitFor(() => order.length === 2, 2000, 'delivery');
      expect(order).toEqual(['after publish', 'handler']);
    });

    it('given an unsubscribed handler, then it receives nothing more; unsubscribing twice is harmless', async () => {
      const got: NotifierMessage[] = [];
      const unsubscribe = notifier.subscribe('a.b', (m) => void got.push(m));
      const unsubscribePattern = notifier.subscribe('a.*', (m) => void got.push(m));
      unsubscribe();
      unsubscribe();
      unsubscribePattern();
      const witnessed: NotifierMessage[] = [];
      notifier.subscribe('a.b', (m) => void witnessed.push(m));
      notifier.publish('a.b', 1);
      // A later message bounds the wait: messages arrive in publication order, so a delivery of
      // the first to the unsubscribed handlers would come before the second reaches the witness.
      notifier.publish('a.b', 2);
      await waitFor(() => witnessed.includes(2), 2000, 'the later delivery');
      expect(witnessed).toEqual([1, 2]);
      expect(got).toEqual([]);
    });

    it('given a handler that throws, then the other handlers still receive the message', async () => {
      const got: NotifierMessage[] = [];
      notifier.subscribe('a.b', () => {
        throw new Error('broken handler');
      });
      notifier.subscribe('a.b', async () => {
        throw new Error('broken async handler');
      });
      notifier.subscribe('a.b', (m) => void got.push(m));
      notifier.publish('a.b', 'hello');
      await waitFor(() => got.length === 1, 2000, 'delivery');
      expect(got).toEqual(['hello']);
    });
  });
}
