import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProtectiveLegs } from './ProtectiveLegs';
import { planPreview } from './preview.fixtures';

describe('ProtectiveLegs (issue 39, point 3)', () => {
  it('given a market entry with TP/SL, then the preview says they are placed after the fill, sized to all the strategy holds', () => {
    render(<ProtectiveLegs plan={planPreview().plan} />);
    expect(
      screen.getByText(
        'Reduce-only triggers placed once the order fills, sized to everything this strategy then holds in the coin: they never open a position.',
      ),
    ).toBeInTheDocument();
  });

  it('given a limit entry with TP/SL, then the preview says Hyperliquid places them when it fills, for its size', () => {
    render(<ProtectiveLegs plan={planPreview({ tif: 'Gtc', grouping: 'normalTpsl' }).plan} />);
    expect(
      screen.getByText('Reduce-only triggers placed by Hyperliquid when the limit order fills: they close its size and never open a position.'),
    ).toBeInTheDocument();
  });
});
