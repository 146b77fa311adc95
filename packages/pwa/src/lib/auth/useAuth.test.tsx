import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuth } from './useAuth';

function Probe() {
  useAuth();
  return null;
}

describe('useAuth', () => {
  it('ERR-06: given no AuthProvider, when a component uses the auth context, then it throws "useAuth must be used within an AuthProvider"', () => {
    const quiet = console.error;
    console.error = () => undefined;
    try {
      expect(() => render(<Probe />)).toThrow('useAuth must be used within an AuthProvider');
    } finally {
      console.error = quiet;
    }
  });
});
