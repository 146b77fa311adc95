import { describe, expect, it } from 'vitest';
import { userStreamId } from '../eventModel/streams.js';
import { account, at, sealed, SECRET_HASH_1, SECRET_HASH_2, UID } from '../testing/fixtures.js';
import { foldProjection } from '../readModels/readModel.js';
import { eventLog } from '../readModels/testing/eventLog.js';
import { strategyAccess, webhookAccessProjection } from './webhookAccessProjection.js';
import { webhookRoutesProjection } from './webhookRoutesProjection.js';

describe('webhook routes and access', () => {
  it('API-31, STATE-11: given a rotation, when folded, then both hashes route to the user but only the new one is current', () => {
    // given
    const log = eventLog();
    log.append(userStreamId(UID), ...account);
    log.append(userStreamId(UID), { type: 'WebhookSecretRotated', v: 1, data: { secretHash: SECRET_HASH_2, sealedSecret: sealed('wk-2'), at: at(10) } });
    // when
    const routes = foldProjection(webhookRoutesProjection, log.records);
    const access = foldProjection(webhookAccessProjection, log.records);
    // then
    expect(routes.get(SECRET_HASH_1)?.data.uid).toBe(UID);
    expect(routes.get(SECRET_HASH_2)?.data.uid).toBe(UID);
    expect(access.get(UID)?.data.secretHash).toBe(SECRET_HASH_2);
  });

  it('given an allowlist update, when folded, then access keeps the secret and stores the ips', () => {
    // given
    const log = eventLog();
    log.append(userStreamId(UID), ...account, { type: 'IpAllowlistUpdated', v: 1, data: { ips: ['10.0.0.0/8'], at: at(5) } });
    // when
    const access = foldProjection(webhookAccessProjection, log.records).get(UID);
    // then
    expect(access?.data).toEqual({
      secretHash: SECRET_HASH_1,
      rotatedAt: at(0),
      ipAllowlist: ['10.0.0.0/8'],
      strategies: { main: { name: 'Main', secretHash: SECRET_HASH_1 } },
    });
    expect(access?.userId).toBe(UID);
  });

  it('issue 29, point 1: given a second strategy, rotated, renamed and then deleted, then its route names it, only its newest hash is current, and once deleted it has no access', () => {
    // given
    const log = eventLog();
    const HASH_A = 'c'.repeat(64);
    const HASH_B = 'd'.repeat(64);
    log.append(
      userStreamId(UID),
      ...account,
      { type: 'StrategyCreated', v: 1, data: { strategyId: 'st_1', name: 'ETH swing', venue: 'live', at: at(1) } },
      { type: 'WebhookSecretRotated', v: 1, data: { secretHash: HASH_A, sealedSecret: sealed('wk-3'), strategyId: 'st_1', at: at(1) } },
      { type: 'WebhookSecretRotated', v: 1, data: { secretHash: HASH_B, sealedSecret: sealed('wk-4'), strategyId: 'st_1', at: at(2) } },
      { type: 'StrategyRenamed', v: 1, data: { strategyId: 'st_1', name: 'ETH trend', at: at(3) } },
    );
    // when
    const routes = foldProjection(webhookRoutesProjection, log.records);
    const access = foldProjection(webhookAccessProjection, log.records).get(UID)?.data;
    // then
    expect(routes.get(HASH_A)?.data).toMatchObject({ uid: UID, strategyId: 'st_1' });
    expect(routes.get(SECRET_HASH_1)?.data.strategyId).toBeUndefined();
    expect(access && strategyAccess(access, 'st_1')).toEqual({ name: 'ETH trend', secretHash: HASH_B });
    expect(access && strategyAccess(access, 'main')).toEqual({ name: 'Main', secretHash: SECRET_HASH_1 });
    log.append(userStreamId(UID), { type: 'StrategyDeleted', v: 1, data: { strategyId: 'st_1', at: at(4) } });
    const after = foldProjection(webhookAccessProjection, log.records).get(UID)?.data;
    expect(after && strategyAccess(after, 'st_1')).toBeNull();
    expect(after?.secretHash).toBe(SECRET_HASH_1);
  });

  it('issue 29, point 1: given an access document written before strategies, then the first strategy is read from its secret and no other strategy has access', () => {
    const old = { secretHash: SECRET_HASH_2, rotatedAt: at(0), ipAllowlist: [] };
    expect(strategyAccess(old, 'main')).toEqual({ name: 'Main', secretHash: SECRET_HASH_2 });
    expect(strategyAccess(old, 'st_1')).toBeNull();
  });

  it('issue 30, point 1: given a paper strategy, then its access says paper through rotation and rename, and no longer once promoted', () => {
    const log = eventLog();
    const HASH_P = 'e'.repeat(64);
    log.append(
      userStreamId(UID),
      ...account,
      { type: 'StrategyCreated', v: 1, data: { strategyId: 'st_p', name: 'Paper ETH', venue: 'paper', paperBalance: 10_000, at: at(1) } },
      { type: 'WebhookSecretRotated', v: 1, data: { secretHash: HASH_P, sealedSecret: sealed('wk-5'), strategyId: 'st_p', at: at(1) } },
      { type: 'StrategyRenamed', v: 1, data: { strategyId: 'st_p', name: 'Paper ETH 2', at: at(2) } },
    );
    const paper = foldProjection(webhookAccessProjection, log.records).get(UID)?.data;
    expect(paper && strategyAccess(paper, 'st_p')).toEqual({ name: 'Paper ETH 2', secretHash: HASH_P, venue: 'paper' });
    expect(paper && strategyAccess(paper, 'main')).toEqual({ name: 'Main', secretHash: SECRET_HASH_1 });
    log.append(userStreamId(UID), { type: 'StrategyPromoted', v: 1, data: { strategyId: 'st_p', at: at(3) } });
    const live = foldProjection(webhookAccessProjection, log.records).get(UID)?.data;
    expect(live && strategyAccess(live, 'st_p')).toEqual({ name: 'Paper ETH 2', secretHash: HASH_P });
  });
});
