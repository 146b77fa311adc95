import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './Toaster';
import { TOAST_DURATION_MS, toast, useToastStore } from './toastStore';

afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('ENT-24, STATE-24: given a toast, then it shows its title and description and closes by itself after 4 seconds', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void toast({ variant: 'success', title: 'Settings saved', description: 'Your automation preferences have been updated.' }));
    expect(screen.getByRole('status')).toHaveTextContent('Settings savedYour automation preferences have been updated.');
    expect(useToastStore.getState().toasts[0]).toMatchObject({ id: expect.any(String), variant: 'success' });
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.queryByText('Settings saved')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Settings saved')).toBeNull();
    expect(TOAST_DURATION_MS).toBe(4_000);
  });

  it('STATE-24: given a toast, when the user closes it, then it goes at once; an error toast is announced as an alert', () => {
    render(<Toaster />);
    act(() => void toast({ variant: 'error', title: 'Unable to save settings' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Unable to save settings');
    act(() => screen.getByRole('button', { name: 'Close notification' }).click());
    expect(screen.queryByText('Unable to save settings')).toBeNull();
  });
});
