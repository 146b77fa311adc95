import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { runNotifierContract } from '../testing/runNotifierContract.js';
import { waitFor } from '../testing/helpers.js';
import { createThreadNotifier } from './createThreadNotifier.js';

let fixtures = 0;
runNotifierContract('thread', async () => {
  const notifier = createThreadNotifier(`contract-${++fixtures}`, { onHandlerError: () => undefined });
  return { notifier, close: async () => notifier.close() };
});

/**
 * A plain-JavaScript thread standing in for another role's thread: it answers every publication
 * it hears on the notifier's channel with one of its own, so the test sees both directions.
 */
const ECHO_THREAD = `
const { BroadcastChannel, workerData, parentPort } = require('node:worker_threads');
const channel = new BroadcastChannel('hyperhook.notifier:' + workerData);
channel.onmessage = ({ data }) => {
  if (data.channel === 'stop') { channel.close(); return; }
  channel.postMessage({ channel: 'echo.' + data.channel, message: data.message });
};
parentPort.postMessage('listening');
`;

describe('thread notifier: one process, several threads', () => {
  it('given a notifier on another thread, when this one publishes, then that thread hears it and its answer reaches our subscribers', async () => {
    const name = `cross-${Date.now()}`;
    const notifier = createThreadNotifier(name);
    const worker = new Worker(ECHO_THREAD, { eval: true, workerData: name });
    try {
      await new Promise((resolve) => worker.once('message', resolve));
      const got: string[] = [];
      notifier.subscribe('echo.>', (message, channel) => void got.push(`${channel} ${JSON.stringify(message)}`));
      notifier.publish('user.u-1', { position: 7 });
      await waitFor(() => got.length > 0, 5000, 'the echo from the other thread');
      expect(got).toEqual(['echo.user.u-1 {"position":7}']);
    } finally {
      notifier.publish('stop', null);
      notifier.close();
      await worker.terminate();
    }
  });

  it('given two notifiers of one name, when one publishes, then each subscriber hears it once; a notifier of another name hears nothing', async () => {
    const [a, b, other] = [createThreadNotifier('pair'), createThreadNotifier('pair'), createThreadNotifier('another')];
    try {
      const got: string[] = [];
      a.subscribe('x.*', (m) => void got.push(`a ${String(m)}`));
      b.subscribe('x.*', (m) => void got.push(`b ${String(m)}`));
      other.subscribe('x.*', (m) => void got.push(`other ${String(m)}`));
      a.publish('x.y', 1);
      // Deliveries keep publication order, so a stray copy of the first would arrive before this one.
      a.publish('x.y', 2);
      await waitFor(() => got.includes('a 2') && got.includes('b 2'), 5000, 'both deliveries of the second');
      expect(got.sort()).toEqual(['a 1', 'a 2', 'b 1', 'b 2']);
    } finally {
      for (const notifier of [a, b, other]) notifier.close();
    }
  });

  it('given a closed notifier, when it publishes, then only its own subscribers hear it', async () => {
    const [closed, open] = [createThreadNotifier('closing'), createThreadNotifier('closing')];
    try {
      const got: string[] = [];
      closed.subscribe('x', (m) => void got.push(`closed ${String(m)}`));
      open.subscribe('x', (m) => void got.push(`open ${String(m)}`));
      closed.close();
      closed.publish('x', 1);
      open.publish('x', 2);
      await waitFor(() => got.includes('open 2') && got.includes('closed 1'), 5000, 'the local deliveries');
      expect(got.sort()).toEqual(['closed 1', 'open 2']);
    } finally {
      open.close();
    }
  });
});
