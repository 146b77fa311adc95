import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Checkpoints } from '../ports/Checkpoints.js';
import type { CheckpointsPorts, Closable, Fixture, FixtureFactory } from './fixtures.js';
import { itWhen, type AdapterCapabilities } from './fixtures.js';

/** The Checkpoints contract. */
export function runCheckpointsContract(name: string, factory: FixtureFactory<CheckpointsPorts>, capabilities: AdapterCapabilities = {}): void {
  describe(`Checkpoints contract: ${name}`, () => {
    let fixture: Fixture<CheckpointsPorts>;
    let open: Closable;
    let checkpoints: Checkpoints;

    beforeEach(async () => {
      fixture = await factory();
      open = fixture;
      checkpoints = fixture.checkpoints;
    });
    afterEach(async () => {
      await open.close();
    });

    it('given a consumer that never stored a checkpoint, then get is undefined', async () => {
      await expect(checkpoints.get('webhookLogs')).resolves.toBeUndefined();
    });

    it('given stored checkpoints, then each name keeps its own position, and a later set (even lower, for a replay) wins', async () => {
      await checkpoints.set('webhookLogs', 42);
      await checkpoints.set('positions', 7);
      await checkpoints.set('webhookLogs', 50);
      await expect(checkpoints.get('webhookLogs')).resolves.toBe(50);
      await expect(checkpoints.get('positions')).resolves.toBe(7);
      await checkpoints.set('webhookLogs', 0);
      await expect(checkpoints.get('webhookLogs')).resolves.toBe(0);
    });

    it('given invalid input, then set rejects', async () => {
      await expect(checkpoints.set('', 1)).rejects.toThrow();
      await expect(checkpoints.set('x', -1)).rejects.toThrow();
      await expect(checkpoints.set('x', 1.5)).rejects.toThrow();
    });

    itWhen(capabilities.durable, 'given a checkpoint, when closed and reopened, then it is still there', async () => {
      if (!fixture.reopen) throw new Error('a durable adapter must provide reopen');
      await checkpoints.set('webhookLogs', 99);
      await fixture.close();
      const reopened = await fixture.reopen();
      open = reopened;
      await expect(reopened.checkpoints.get('webhookLogs')).resolves.toBe(99);
    });
  });
}
