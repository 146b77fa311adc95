import { describe, expect, it } from 'vitest';
import { userStreamId } from '../../events/streams.js';
import { account, at, sealed, SECRET_HASH_1, SECRET_HASH_2, UID } from '../../deciders/testing/fixtures.js';
import { foldProjection } from '../readModel.js';
import { eventLog } from '../testing/eventLog.js';
import { webhookAccessProjection } from '../webhookAccess/webhookAccessProjection.js';
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
    expect(access?.data).toEqual({ secretHash: SECRET_HASH_1, rotatedAt: at(0), ipAllowlist: ['10.0.0.0/8'] });
    expect(access?.userId).toBe(UID);
  });
});
