import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureInstallPrompt, clearInstallOffer } from './installPromptStore';
import { useInstallPrompt } from './useInstallPrompt';

/** An install offer as Chromium fires it: prompt() opens its sheet, userChoice says what the user did. */
function installOfferEvent() {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
  return event;
}

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  clearInstallOffer();
});

describe('the install offer (CARD-27)', () => {
  it("CARD-27, CARD-30: given the offer came before the header existed (landing or sign-up page), when the header mounts, then it can install; install() shows the browser's sheet once and the offer is gone", async () => {
    // given
    stop = captureInstallPrompt();
    const event = installOfferEvent();
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    // when
    const { result } = renderHook(() => useInstallPrompt());
    // then
    expect(result.current.canInstall).toBe(true);
    await act(() => result.current.install());
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(result.current.canInstall).toBe(false);
  });

  it('CARD-27: given an offer, when the app gets installed another way, then the offer is withdrawn', () => {
    stop = captureInstallPrompt();
    const { result } = renderHook(() => useInstallPrompt());
    act(() => void window.dispatchEvent(installOfferEvent()));
    expect(result.current.canInstall).toBe(true);
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(result.current.canInstall).toBe(false);
  });
});
