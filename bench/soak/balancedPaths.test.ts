import { describe, expect, it } from 'vitest';
import { balancedPaths } from './balancedPaths.js';

describe('the soak generator’s windows', () => {
  it('given a window of alerts, when its paths are made, then every user buys as often as it sells', () => {
    const users = ['/hook/a', '/hook/b', '/hook/c'];
    const alerts = 500;
    const paths = balancedPaths(users, alerts);
    // runPlan: alert i goes to paths[i % length], a buy when floor(i / length) is even.
    const position = new Map<string, number>();
    for (let i = 0; i < alerts; i += 1) {
      const path = paths[i % paths.length] as string;
      position.set(path, (position.get(path) ?? 0) + (Math.floor(i / paths.length) % 2 === 0 ? 1 : -1));
    }
    expect([...position.values()]).toEqual([0, 0, 0]);
    expect(new Set(paths)).toEqual(new Set(users));
  });

  it('given no users, when paths are asked for, then it says so', () => {
    expect(() => balancedPaths([], 10)).toThrow('no users');
  });
});
