import { describe, expect, it } from 'vitest';
import { pushSenderOf } from './pushSender.js';

const start = { api: true, projector: true, executor: true };
const api = { api: true, projector: false, executor: false };
const projector = { api: false, projector: true, executor: false };
const executor = { api: false, projector: false, executor: true };

describe('who sends the web pushes: one sender per deployment', () => {
  it('given no NATS, when `start` runs, then its executor thread sends; split roles on one machine, then the api process alone', () => {
    expect(pushSenderOf({}, start)).toBe('executor thread');
    expect([api, projector, executor].map((roles) => pushSenderOf({}, roles))).toEqual(['api', 'none', 'none']);
  });

  it("given NATS_URL (a cluster with many apis and executors), then no api sends, only the one projector's process", () => {
    const nats = { NATS_URL: 'nats://nats:4222' };
    expect([api, api, projector, executor, executor].map((roles) => pushSenderOf(nats, roles))).toEqual(['none', 'none', 'projector', 'none', 'none']);
    expect(pushSenderOf(nats, start)).toBe('projector thread');
  });
});
