import { describe, it } from 'vitest';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import { pushSubscriptionsDecider } from './pushSubscriptionsDecider.js';
import { deciderSpec } from '../testing/deciderSpec.js';
import { account, at } from '../testing/fixtures.js';

const spec = deciderSpec(pushSubscriptionsDecider);
const endpoint = 'https://fcm.googleapis.com/fcm/send/abc123';
const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
const added: UserEvent = { type: 'PushSubscriptionAdded', v: 1, data: { endpoint, keys, at: at(10) } };

describe('pushSubscriptionsDecider', () => {
  it('CARD-28, CARD-29: opting in records the subscription', () => {
    spec
      .given(account)
      .when({ type: 'AddPushSubscription', endpoint, keys, at: at(10) })
      .then([added]);
  });

  it('re-subscribing with the same keys records nothing; new keys for the endpoint are recorded', () => {
    spec
      .given([...account, added])
      .when({ type: 'AddPushSubscription', endpoint, keys, at: at(20) })
      .thenNothing();
    const fresh = { ...keys, auth: 'AAAAAAAAAAAAAAAAAAAAAA' };
    spec
      .given([...account, added])
      .when({ type: 'AddPushSubscription', endpoint, keys: fresh, at: at(20) })
      .then([{ type: 'PushSubscriptionAdded', v: 1, data: { endpoint, keys: fresh, at: at(20) } }]);
  });

  it('removing records the removal once; removing an unknown endpoint records nothing', () => {
    const removed: UserEvent = { type: 'PushSubscriptionRemoved', v: 1, data: { endpoint, at: at(30) } };
    spec
      .given([...account, added])
      .when({ type: 'RemovePushSubscription', endpoint, at: at(30) })
      .then([removed]);
    spec
      .given([...account, added, removed])
      .when({ type: 'RemovePushSubscription', endpoint, at: at(40) })
      .thenNothing();
  });

  it('at most 20 devices per user', () => {
    const twenty: UserEvent[] = Array.from({ length: 20 }, (_, i) => ({
      type: 'PushSubscriptionAdded',
      v: 1,
      data: { endpoint: `${endpoint}${i}`, keys, at: at(i) },
    }));
    spec
      .given([...account, ...twenty])
      .when({ type: 'AddPushSubscription', endpoint, keys, at: at(50) })
      .then({ code: 'INVALID_PUSH_SUBSCRIPTION', title: 'Too many devices' });
  });

  it('needs an existing account', () => {
    spec
      .given([])
      .when({ type: 'AddPushSubscription', endpoint, keys, at: at(10) })
      .then({ code: 'ACCOUNT_NOT_FOUND' });
  });
});
