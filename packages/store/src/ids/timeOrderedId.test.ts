import { describe, expect, it } from 'vitest';
import { isUuid } from '../guards/isUuid.js';
import { timeOrderedId } from './timeOrderedId.js';

describe('timeOrderedId', () => {
  it('given many ids across several pool refills, then each is a version 7 UUID, all distinct and in the order they were made', () => {
    const ids = Array.from({ length: 2_000 }, () => timeOrderedId());
    expect(ids.every((id) => isUuid(id) && id[14] === '7')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
