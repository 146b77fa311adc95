import { afterEach, describe, expect, it } from 'vitest';
import { testSession } from '../../test/fixtures';
import { useSessionStore } from './sessionStore';

afterEach(() => useSessionStore.setState({ status: 'signedOut', session: null, endedBecause: null }));

describe('session store', () => {
  it("STATE-01: given a stored session being checked, when the api confirms its user, then signed in with the api's view of the user", () => {
    useSessionStore.setState({ status: 'loading', session: testSession('old@example.com'), endedBecause: null });
    useSessionStore.getState().confirm({ uid: 'user-1', email: 'new@example.com' });
    expect(useSessionStore.getState()).toMatchObject({ status: 'signedIn', session: { user: { uid: 'user-1', email: 'new@example.com' } } });
  });

  it('given another tab signed someone else in while the start-up check ran, when the check answers, then that user is not put on the new session', () => {
    // given: the session now belongs to user-2
    const other = { ...testSession('b@example.com'), user: { uid: 'user-2', email: 'b@example.com' } };
    useSessionStore.getState().begin(other);
    // when: the check of user-1's stored session answers
    useSessionStore.getState().confirm({ uid: 'user-1', email: 'a@example.com' });
    // then
    expect(useSessionStore.getState().session).toEqual(other);
  });
});
