import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Length of the key-encryption key in bytes (AES-256). */
export const MASTER_KEY_BYTES = 32;

/** File name of the generated master key inside the data directory. */
export const MASTER_KEY_FILE = 'master.key';

/** Decodes a base64 master key and insists on exactly 32 bytes, naming the variable on failure. */
export function decodeMasterKey(base64: string, source = 'HYPERHOOK_MASTER_KEY'): Buffer {
  const trimmed = base64.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed)) throw new Error(`${source} must be base64`);
  const key = Buffer.from(trimmed, 'base64');
  if (key.length !== MASTER_KEY_BYTES) {
    throw new Error(`${source} must decode to ${MASTER_KEY_BYTES} bytes, got ${key.length}`);
  }
  return key;
}

/**
 * The master key: HYPERHOOK_MASTER_KEY when set, else `<dataDir>/master.key`, created on first
 * use with mode 0600 (a key file others can read is refused). Creation uses the exclusive flag so two processes starting together on one
 * data directory end up with the same key instead of overwriting each other's.
 */
export function loadOrCreateMasterKey(options: { dataDir: string; envKey?: string | undefined }): Buffer {
  if (options.envKey) return decodeMasterKey(options.envKey);
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const file = join(options.dataDir, MASTER_KEY_FILE);
  try {
    writeFileSync(file, `${randomBytes(MASTER_KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // As ssh does with a private key: a key others can read is refused, not used (a copy or a restore that lost its mode).
  const mode = statSync(file).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new Error(`${file} can be read by other users (mode ${mode.toString(8).padStart(3, '0')}); it decrypts every API key. Run: chmod 600 ${file}`);
  }
  return decodeMasterKey(readFileSync(file, 'utf8'), file);
}
