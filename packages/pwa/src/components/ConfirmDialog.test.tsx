import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';
import { confirmAction } from './confirmStore';

describe('ConfirmDialog (ERR-27 decided: in-page)', () => {
  it('given a question, then a modal alert dialog with the text; the explicit yes resolves true', async () => {
    const user = userEvent.setup();
    render(<ConfirmDialog />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => void (answer = confirmAction({ message: 'Are you sure? This will invalidate your current webhook URL.', confirmLabel: 'Regenerate' })));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('Are you sure? This will invalidate your current webhook URL.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('given a question, when the user cancels or presses Escape, then false', async () => {
    const user = userEvent.setup();
    render(<ConfirmDialog />);
    let first: Promise<boolean> = Promise.resolve(true);
    act(() => void (first = confirmAction({ message: 'Delete?', confirmLabel: 'Delete', danger: true })));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(first).resolves.toBe(false);
    let second: Promise<boolean> = Promise.resolve(true);
    act(() => void (second = confirmAction({ message: 'Reset?', confirmLabel: 'Reset' })));
    await user.keyboard('{Escape}');
    await expect(second).resolves.toBe(false);
  });
});
