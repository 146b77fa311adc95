import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPIED_FOR_MS, CopyButton } from './CopyButton';

afterEach(() => vi.useRealTimers());

describe('CopyButton', () => {
  it('TAB-WEBHOOK-02, TAB-WEBHOOK-03: given a click, then the text is on the clipboard and the button says "Copied!" for 2 seconds, then its label again', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.useFakeTimers();
    render(<CopyButton text="http://localhost/hook/secret" />);
    await act(async () => screen.getByRole('button', { name: 'Copy' }).click());
    expect(writeText).toHaveBeenCalledWith('http://localhost/hook/secret');
    expect(screen.getByRole('button')).toHaveTextContent('Copied!');
    act(() => vi.advanceTimersByTime(COPIED_FOR_MS - 1));
    expect(screen.getByRole('button')).toHaveTextContent('Copied!');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button')).toHaveTextContent('Copy');
    expect(COPIED_FOR_MS).toBe(2_000);
  });
});
