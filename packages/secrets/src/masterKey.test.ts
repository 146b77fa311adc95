import { chmodSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeMasterKey, loadOrCreateMasterKey, MASTER_KEY_FILE } from './masterKey.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'hyperhook-mk-'));

describe('master key (ARCHITECTURE §6 HYPERHOOK_MASTER_KEY)', () => {
  it('given no env key, when loaded twice, then a 32-byte key is generated once into the data dir with mode 0600', () => {
    const dir = join(tempDir(), 'data');
    const first = loadOrCreateMasterKey({ dataDir: dir });
    const second = loadOrCreateMasterKey({ dataDir: dir });
    expect(first.length).toBe(32);
    expect(second.equals(first)).toBe(true);
    expect(statSync(join(dir, MASTER_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, MASTER_KEY_FILE), 'utf8').trim()).toBe(first.toString('base64'));
  });

  it('issue 32, point 4: given a key file others can read (a copy or a restore that lost its mode), when loaded, then it is refused with the command that fixes it', () => {
    const dir = tempDir();
    loadOrCreateMasterKey({ dataDir: dir });
    const file = join(dir, MASTER_KEY_FILE);
    for (const mode of [0o644, 0o640, 0o604]) {
      chmodSync(file, mode);
      expect(() => loadOrCreateMasterKey({ dataDir: dir })).toThrow(
        `${file} can be read by other users (mode ${mode.toString(8)}); it decrypts every API key. Run: chmod 600 ${file}`,
      );
    }
    chmodSync(file, 0o400);
    expect(loadOrCreateMasterKey({ dataDir: dir }).length).toBe(32);
  });

  it('given an env key, when loaded, then it wins and nothing is written', () => {
    const dir = tempDir();
    const env = Buffer.alloc(32, 7).toString('base64');
    expect(loadOrCreateMasterKey({ dataDir: dir, envKey: env }).equals(Buffer.alloc(32, 7))).toBe(true);
    expect(() => statSync(join(dir, MASTER_KEY_FILE))).toThrow();
  });

  it('given a key of the wrong length or not base64, when decoded, then it fails naming the variable', () => {
    expect(() => decodeMasterKey(Buffer.alloc(16).toString('base64'))).toThrow(/HYPERHOOK_MASTER_KEY must decode to 32 bytes, got 16/);
    expect(() => decodeMasterKey('not base64!')).toThrow(/HYPERHOOK_MASTER_KEY must be base64/);
  });
});
