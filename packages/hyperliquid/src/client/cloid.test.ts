import { describe, expect, it } from 'vitest';
import { CLOID_NAMESPACE, cloidForSignal, isCloid, ladderCloids } from './cloid.js';
import { keccak256, stringToBytes } from 'viem';

describe('cloidForSignal', () => {
  it('given the same signal id twice, when derived, then the cloids are equal', () => {
    expect(cloidForSignal('sig_01HZX')).toBe(cloidForSignal('sig_01HZX'));
  });

  it('given a signal id, when derived, then it is 0x + 32 lower-case hex characters', () => {
    const cloid = cloidForSignal('Signal-With-UPPER-case');
    expect(cloid).toMatch(/^0x[0-9a-f]{32}$/);
    expect(isCloid(cloid)).toBe(true);
  });

  it('given a signal id, when derived, then it is the first 16 bytes of keccak256(namespace + id)', () => {
    const expected = keccak256(stringToBytes(`${CLOID_NAMESPACE}abc`)).slice(0, 34);
    expect(cloidForSignal('abc')).toBe(expected);
  });

  it('given a pinned id, when derived, then the value never changes between releases', () => {
    // Changing the derivation would make reconciliation miss orders placed by older versions.
    expect(cloidForSignal('signal-123')).toBe(keccak256(stringToBytes('hyperhook:signal-entry:v1:signal-123')).slice(0, 34));
    expect(CLOID_NAMESPACE).toBe('hyperhook:signal-entry:v1:');
  });

  it('given 10,000 distinct signal ids, when derived, then all cloids differ', () => {
    const cloids = new Set(Array.from({ length: 10_000 }, (_, i) => cloidForSignal(`signal-${i}`)));
    expect(cloids.size).toBe(10_000);
  });

  it('given an empty signal id, when derived, then it throws', () => {
    expect(() => cloidForSignal('')).toThrow(/non-empty/);
  });

  it('given non-canonical cloids, when checked, then they are refused', () => {
    expect(isCloid('0x0000000000000000000000000000000A')).toBe(false);
    expect(isCloid('0x123')).toBe(false);
    expect(isCloid('00000000000000000000000000000001')).toBe(false);
    expect(isCloid('0x00000000000000000000000000000001')).toBe(true);
  });
});

describe('ladderCloids (issue 41 §2)', () => {
  it('issue 41 §2 ladder: given a signal and 5 orders, when derived twice, then the same 5 distinct cloids, the first the signal’s own', () => {
    const first = ladderCloids('sig-ladder', 5);
    expect(ladderCloids('sig-ladder', 5)).toEqual(first);
    expect(new Set(first).size).toBe(5);
    expect(first[0]).toBe(cloidForSignal('sig-ladder'));
    expect(first.every(isCloid)).toBe(true);
  });
});
