import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { NavLink } from './NavLink';

describe('NavLink', () => {
  it('given the History screen open, then its link says it is the current page and the other does not', () => {
    renderWithProviders(
      <>
        <NavLink to="/history">History</NavLink>
        <NavLink to="/performance">Performance</NavLink>
      </>,
      { route: '/history?category=fill' },
    );
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/history');
    expect(screen.getByRole('link', { name: 'Performance' })).not.toHaveAttribute('aria-current');
  });
});
