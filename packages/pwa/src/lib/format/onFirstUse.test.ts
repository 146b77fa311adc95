import { describe, expect, it } from 'vitest';
import { onFirstUse } from './onFirstUse';

describe('onFirstUse', () => {
  it('given a maker, when nothing asks, then nothing is made; when asked twice, then it is made once and the same value returned', () => {
    let made = 0;
    const get = onFirstUse(() => ({ made: ++made }));
    expect(made).toBe(0);
    const first = get();
    expect(get()).toBe(first);
    expect(made).toBe(1);
  });
});
