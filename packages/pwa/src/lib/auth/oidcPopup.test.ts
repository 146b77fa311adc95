import { afterEach, describe, expect, it, vi } from 'vitest';
import { testSession } from '../../test/fixtures';
import { PopupSignInError, signInWithPopup } from './oidcPopup';

const google = { id: 'google', label: 'Google', startUrl: '/api/auth/oidc/google/start' };

/** A popup window as window.open gives it: the test closes it or posts from it. */
function openFakePopup() {
  const popup = { closed: false } as unknown as Window;
  const open = vi.spyOn(window, 'open').mockReturnValue(popup);
  const post = (data: unknown, from: { origin?: string; source?: unknown } = {}) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin: from.origin ?? window.location.origin, source: (from.source ?? popup) as Window }));
  return { popup, open, post };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('sign-in popup (LOGIN-03)', () => {
  it("given the callback page posts a session from our origin, then that session; the popup was opened on the provider's start URL", async () => {
    const { open, post } = openFakePopup();
    const result = signInWithPopup(google, 'Failed to sign in with Google');
    const session = testSession('g@oidc.test');
    post({ type: 'hyperhook:oidc', ok: true, ...session });
    await expect(result).resolves.toEqual(session);
    expect(open).toHaveBeenCalledWith('/api/auth/oidc/google/start', 'hyperhook-oidc-google', expect.any(String));
  });

  it('ERR-03: given the callback reports a failure, then its message is the error', async () => {
    const { post } = openFakePopup();
    const result = signInWithPopup(google, 'Failed to sign in with Google');
    post({ type: 'hyperhook:oidc', ok: false, error: 'Failed to sign in with Google' });
    await expect(result).rejects.toEqual(new PopupSignInError('Failed to sign in with Google'));
  });

  it('ERR-04: given the user closes the popup, or cancels at the provider, then null (ignored silently)', async () => {
    vi.useFakeTimers();
    const first = openFakePopup();
    const closed = signInWithPopup(google, 'Failed to sign in with Google');
    (first.popup as { closed: boolean }).closed = true;
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(closed).resolves.toBeNull();
    vi.restoreAllMocks();
    const second = openFakePopup();
    const cancelled = signInWithPopup(google, 'Failed to sign in with Google');
    second.post({ type: 'hyperhook:oidc', ok: false, cancelled: true });
    await expect(cancelled).resolves.toBeNull();
  });

  it('given messages from another origin or another window, then they are ignored (no other page can hand us a session)', async () => {
    vi.useFakeTimers();
    const { popup, post } = openFakePopup();
    const result = signInWithPopup(google, 'Failed to sign in with Google');
    const session = testSession('evil@example.com');
    post({ type: 'hyperhook:oidc', ok: true, ...session }, { origin: 'https://evil.example' });
    post({ type: 'hyperhook:oidc', ok: true, ...session }, { source: {} });
    (popup as { closed: boolean }).closed = true;
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(result).resolves.toBeNull();
  });

  it('LOGIN-03: given the callback page closes itself and its message arrives after the popup is seen closed, then the session still arrives', async () => {
    vi.useFakeTimers();
    const { popup, post } = openFakePopup();
    const result = signInWithPopup(google, 'Failed to sign in with Google');
    (popup as { closed: boolean }).closed = true;
    await vi.advanceTimersByTimeAsync(500); // the closed check has run
    const session = testSession('late@oidc.test');
    post({ type: 'hyperhook:oidc', ok: true, ...session });
    await expect(result).resolves.toEqual(session);
  });

  it('ERR-03: given the browser blocks the popup, then the failure message', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    await expect(signInWithPopup(google, 'Failed to sign in with Google')).rejects.toThrow('Failed to sign in with Google');
  });
});
