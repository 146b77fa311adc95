import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LadderOrders } from './LadderOrders';
import { planPreview } from './preview.fixtures';

describe('LadderOrders (issue 41 §2)', () => {
  it('issue 41 §2 ladder: given a plan of three laddered limits, when previewed, then every order the alert would send is listed', () => {
    const ladder = ['3400', '3350', '3300'].map((price, i) => ({ price, size: '0.01', cloid: `0x${String(i).padStart(32, '0')}` }));
    render(<LadderOrders plan={{ ...planPreview({ tif: 'Gtc' }).plan, ladder }} />);
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
  });

  it('issue 41 §2 ladder: given a single order, when previewed, then no ladder table', () => {
    const { container } = render(<LadderOrders plan={planPreview().plan} />);
    expect(container).toBeEmptyDOMElement();
  });
});
