import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TimeAgo } from './TimeAgo';

describe('TimeAgo', () => {
  const now = Date.parse('2026-12-03T15:00:00.000Z');

  it('given a row received after the coarse clock last ticked (8 s "ahead"), then "just now", never "in 8 sec."', () => {
    render(<TimeAgo iso="2026-12-03T15:00:08.000Z" now={now} />);
    expect(screen.getByText('just now')).toHaveAttribute('dateTime', '2026-12-03T15:00:08.000Z');
  });

  it('given a moment two minutes before now, then "2 min. ago"', () => {
    render(<TimeAgo iso="2026-12-03T14:58:00.000Z" now={now} />);
    expect(screen.getByText(/2 min/)).toHaveTextContent(/ago$/);
  });
});
