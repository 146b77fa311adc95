import {
  settingsDecider,
  signalDecider,
  signalStreamId,
  DEFAULT_SETTINGS,
  userStreamId,
  type Decider,
  type UserEvent,
  type SettingsCommand,
  type SettingsState,
  type SignalCommand,
} from '@hyperhook/domain';
import { openSqliteStore, type SqliteStore } from '@hyperhook/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toNewEvent } from '../codec/eventCodec.js';
import { handleCommand } from './handleCommand.js';

let store: SqliteStore;
const uid = 'u-1';
const at = '2026-01-01T00:00:00.000Z';

beforeEach(async () => {
  store = await openSqliteStore({ file: ':memory:' });
  const signedUp: UserEvent = { type: 'UserSignedUp', v: 1, data: { uid, email: 'a@example.com', passwordHash: null, at } };
  await store.eventStore.append(userStreamId(uid), [toNewEvent(signedUp)], { expectedVersion: 'no_stream' });
});
afterEach(async () => {
  await store.close();
});

const update = (leverage: number): SettingsCommand => ({
  type: 'UpdateSettings',
  settings: { ...DEFAULT_SETTINGS, trading: { ...DEFAULT_SETTINGS.trading, leverage } },
  at,
});

/** The settings decider, with a hook that appends a concurrent write `times` times before deciding. */
function racing(times: number): Decider<SettingsCommand, UserEvent, SettingsState> {
  let left = times;
  return {
    ...settingsDecider,
    decide(command, state) {
      if (left > 0) {
        left -= 1;
        const concurrent: UserEvent = {
          type: 'SettingsUpdated',
          v: 1,
          data: { settings: { ...DEFAULT_SETTINGS, trading: { ...DEFAULT_SETTINGS.trading, leverage: 40 + left } }, at },
        };
        // Synchronous decide cannot await: the concurrent append is queued before ours.
        void store.eventStore.append(userStreamId(uid), [toNewEvent(concurrent)]);
      }
      return settingsDecider.decide(command, state);
    },
  };
}

const stream = userStreamId(uid);

describe('handleCommand', () => {
  it('given a command, when handled, then its events are appended after the stream version and the position returned', async () => {
    const outcome = await handleCommand(store.eventStore, stream, settingsDecider, update(7));
    expect(outcome.events.map((e) => e.type)).toEqual(['SettingsUpdated']);
    expect(outcome.position).toBe(await store.eventStore.headPosition());
    const recorded = await store.eventStore.readStream(userStreamId(uid));
    expect(recorded.map((e) => [e.type, e.metadata?.schemaVersion])).toEqual([
      ['UserSignedUp', 1],
      ['SettingsUpdated', 1],
    ]);
  });

  it('given a command that changes nothing, when handled, then nothing is appended and the position is null', async () => {
    expect(await handleCommand(store.eventStore, stream, settingsDecider, { type: 'ResetSettings', at })).toEqual({ events: [], position: null });
  });

  it('given one concurrent write, when handled, then it retries once on WrongExpectedVersion and succeeds', async () => {
    const outcome = await handleCommand(store.eventStore, stream, racing(1), update(7));
    expect(outcome.position).not.toBeNull();
    const types = (await store.eventStore.readStream(userStreamId(uid))).map((e) => e.type);
    expect(types).toEqual(['UserSignedUp', 'SettingsUpdated', 'SettingsUpdated']);
  });

  it('given a concurrent write on every attempt, when handled, then the second conflict is reported', async () => {
    await expect(handleCommand(store.eventStore, stream, racing(2), update(7))).rejects.toMatchObject({ code: 'WRONG_EXPECTED_VERSION' });
  });

  it("given other deciders' events on the shared stream, when handled, then the decider folds only its own and appends after the last of them", async () => {
    const referral: UserEvent = { type: 'ReferralJoinClicked', v: 1, data: { at } };
    await store.eventStore.append(stream, [toNewEvent(referral)], { expectedVersion: 0 });
    const outcome = await handleCommand(store.eventStore, stream, settingsDecider, update(9));
    expect(outcome.events.map((e) => e.type)).toEqual(['SettingsUpdated']);
    expect((await store.eventStore.readStream(stream)).map((e) => e.streamVersion)).toEqual([0, 1, 2]);
  });

  it('given more attempts, when every attempt but the last conflicts, then the command still succeeds', async () => {
    const outcome = await handleCommand(store.eventStore, stream, racing(2), update(7), { attempts: 3 });
    expect(outcome.events.map((e) => e.type)).toEqual(['SettingsUpdated']);
  });

  it('given a stream declared new, when it already exists, then nothing is read and the append is refused', async () => {
    const signal = signalStreamId('s-1');
    const receive: SignalCommand = {
      type: 'ReceiveSignal',
      signalId: 's-1',
      userId: uid,
      receivedAt: at,
      rawBody: '{}',
      alert: null,
      rejection: { code: 'INVALID_JSON', message: 'Invalid JSON' },
    };
    const first = await handleCommand(store.eventStore, signal, signalDecider, receive, { newStream: true });
    await expect(handleCommand(store.eventStore, signal, signalDecider, receive, { newStream: true, attempts: 1 })).rejects.toMatchObject({
      code: 'WRONG_EXPECTED_VERSION',
    });
    expect(await store.eventStore.readStream(signal)).toHaveLength(first.events.length);
  });

  it('given metadata, when the command appends, then every event carries it beside its schema version', async () => {
    await handleCommand(store.eventStore, stream, settingsDecider, update(7), { metadata: { userId: uid } });
    const [last] = (await store.eventStore.readStream(stream)).slice(-1);
    expect(last?.metadata).toEqual({ userId: uid, schemaVersion: 1 });
  });
});
