/** `--ip-weight-per-minute N|off` as the CLI hands it to the simulator. */
import { describe, expect, it } from 'vitest';
import { parseIpWeightPerMinute } from './ipWeightOption.js';

describe('parseIpWeightPerMinute', () => {
  it('given "off" in any case, then no limit (null)', () => {
    expect(parseIpWeightPerMinute('off')).toBeNull();
    expect(parseIpWeightPerMinute('OFF')).toBeNull();
  });

  it('given a positive integer, then that budget', () => {
    expect(parseIpWeightPerMinute('1200')).toBe(1200);
    expect(parseIpWeightPerMinute('1')).toBe(1);
  });

  it.each(['0', '-5', '1.5', '1e3', 'abc', '', 'on'])('given "%s", then a readable error', (text) => {
    expect(() => parseIpWeightPerMinute(text)).toThrow(`--ip-weight-per-minute must be a positive integer or "off"; got "${text}"`);
  });
});
