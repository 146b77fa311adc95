import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PreviewPlan } from './PreviewPlan';
import { ProtectionPlanPreview } from './ProtectionPlanPreview';
import { planPreview } from './preview.fixtures';

const protection = {
  fillPx: '3000',
  takeProfits: [
    { triggerPx: '3120', offsetPercent: 4, percent: 50, size: '0.05' },
    { triggerPx: '3300', percent: 50, size: '0' },
  ],
  trailingStop: {
    percent: 2,
    activationPx: '3030',
    activationPercent: 1,
    firstStopPx: '2940',
    stepRule: 'moves when it can tighten by ¼ of the distance, at most every 30 s',
  },
  breakEven: { activationPercent: 1, offsetPercent: 0.1, activationPx: '3030', stopPx: '3003' },
};

describe('ProtectionPlanPreview (issue 41 §2)', () => {
  it('issue 41 §2: given take-profits, when previewed, then each shows its trigger ("+4% from the fill" or a price) and its percent and coins', () => {
    render(<ProtectionPlanPreview protection={protection} coin="ETH" />);
    const rows = within(screen.getByRole('table', { name: 'Take-profits armed after the fill' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('$3,120 +4% from the fill');
    expect(rows[1]).toHaveTextContent('50% · 0.05 ETH');
    expect(rows[2]).toHaveTextContent('$3,300');
    expect(rows[2]).toHaveTextContent('under one size step, left out');
  });

  it('issue 41 §2: given a trail and break-even, when previewed, then the distance, activation, first stop, step rule and the break-even stop read in words', () => {
    render(<ProtectionPlanPreview protection={protection} coin="ETH" />);
    const plan = screen.getByRole('region', { name: 'Protection after the fill' });
    expect(plan).toHaveTextContent('2% behind the price, once it reaches $3,030 (+1% from the fill)');
    expect(plan).toHaveTextContent('First stop $2,940; it moves when it can tighten by ¼ of the distance, at most every 30 s.');
    expect(plan).toHaveTextContent('Once the price reaches $3,030 (+1% from the fill), the stop moves to $3,003 (+0.1% from the fill), once.');
  });

  it('issue 41 §2: given a $50 trail without activation, when previewed, then it trails from the start', () => {
    const { trailingStop } = protection;
    render(
      <ProtectionPlanPreview
        protection={{ fillPx: '3000', trailingStop: { firstStopPx: trailingStop.firstStopPx, stepRule: trailingStop.stepRule, amount: 50 } }}
        coin="ETH"
      />,
    );
    expect(screen.getByRole('region')).toHaveTextContent('$50 behind the price, from the start');
  });

  it('issue 41 §2: given a preview with a protection plan and no stop-loss, when shown, then the legs do not say "no take-profit" and the plan follows them', () => {
    render(<PreviewPlan preview={planPreview({ children: [] }, { protection })} />);
    expect(screen.getByText('No stop-loss sent with the entry.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'After the fill' })).toBeInTheDocument();
  });

  it('issue 41 §2: given an alert without exits, when previewed, then no protection plan is shown', () => {
    render(<PreviewPlan preview={planPreview()} />);
    expect(screen.queryByRole('heading', { name: 'After the fill' })).toBeNull();
  });
});
