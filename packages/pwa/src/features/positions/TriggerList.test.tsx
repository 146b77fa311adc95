import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { protectiveOrder } from './protection.fixtures';
import { trailNote } from './StopNotes';
import { TriggerList } from './TriggerList';

describe('TriggerList (issue 41 §2)', () => {
  it('issue 41 §2: given a trailing stop moved 4 minutes ago and two take-profits, when listed, then the stop, the trail, each take-profit and "stop moved 4 min. ago" show', () => {
    const movedAt = new Date(Date.now() - 4 * 60_000).toISOString();
    const stop = protectiveOrder({ symbol: 'ETH', triggerPrice: 3038, size: 0.1, trail: { percent: 2, active: true }, stopMovedAt: movedAt });
    const targets = [3120, 3300].map((triggerPrice) =>
      protectiveOrder({ symbol: 'ETH', kind: 'takeProfit', triggerPrice, size: 0.05, cloid: `0x${triggerPrice}` }),
    );
    render(<TriggerList triggers={[stop, ...targets]} label="Live protection of ETH" coin="ETH" />);
    const list = screen.getByRole('list', { name: 'Live protection of ETH' });
    expect(list).toHaveTextContent('Stop-loss $3,038 for 0.1 ETH');
    expect(list).toHaveTextContent('Trailing 2% · active');
    expect(list).toHaveTextContent('Take-profit $3,120 for 0.05 ETH');
    expect(list).toHaveTextContent('Take-profit $3,300 for 0.05 ETH');
    expect(screen.getByText(/stop moved/)).toHaveTextContent(/stop moved 4 min(\.|utes)? ago/);
  });

  it('issue 41 §2: given a break-even armed and a trail not yet active, when listed, then "Break-even to $3,003 once $3,030" and "Trailing $50 · from $3,030"', () => {
    const stop = protectiveOrder({ breakEven: { activationPrice: 3030, stopPrice: 3003 }, trail: { amount: 50, activationPrice: 3030, active: false } });
    render(<TriggerList triggers={[stop]} label="Live protection" />);
    expect(screen.getByRole('list')).toHaveTextContent('Break-even to $3,003 once $3,030');
    expect(screen.getByRole('list')).toHaveTextContent('Trailing $50 · from $3,030');
    expect(screen.queryByText(/stop moved/)).toBeNull();
  });

  it('issue 41 §2: given a plain stop, when listed, then nothing more than the stop', () => {
    render(<TriggerList triggers={[protectiveOrder()]} label="Live protection" />);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('issue 41 §2: given a trail without activation, when written, then it is active from the start', () => {
    expect(trailNote({ percent: 1.5, active: false })).toBe('Trailing 1.5% · active');
  });
});
