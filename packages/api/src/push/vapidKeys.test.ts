import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadVapidKeys, VAPID_KEYS_FILE } from './vapidKeys.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'hyperhook-vapid-'));
  dirs.push(dir);
  return dir;
};

describe('loadVapidKeys', () => {
  it('CARD-28: given no VAPID env, when keys are loaded twice from one data dir, then one pair is generated into a 0600 file and reused', () => {
    // given
    const dir = dataDir();
    // when
    const first = loadVapidKeys({ dataDir: dir });
    const again = loadVapidKeys({ dataDir: dir });
    // then
    expect(again).toEqual(first);
    expect(first.publicKey).toMatch(/^[\w-]{87}$/);
    expect(statSync(join(dir, VAPID_KEYS_FILE)).mode & 0o777).toBe(0o600);
  });

  it('CARD-28: given a configured pair (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY), when loading, then the configured pair wins and no file is written', () => {
    // given
    const dir = dataDir();
    // when
    const keys = loadVapidKeys({ dataDir: dir, configured: { publicKey: 'pub', privateKey: 'priv' } });
    // then
    expect(keys).toEqual({ publicKey: 'pub', privateKey: 'priv' });
    expect(() => statSync(join(dir, VAPID_KEYS_FILE))).toThrow();
  });
});
