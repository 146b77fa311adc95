import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';

/** The application server's VAPID key pair (base64url, as web-push and PushManager.subscribe use them). */
export type VapidKeys = { readonly publicKey: string; readonly privateKey: string };

/** File, inside the data directory, holding the generated pair. */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

/**
 * The VAPID keys: the configured pair when there is one, otherwise a pair generated once into
 * `<dataDir>/vapid-keys.json` (mode 0600). The pair must stay stable: every browser subscription
 * is bound to the public key it was created with.
 */
export function loadVapidKeys(options: { readonly dataDir: string; readonly configured?: VapidKeys | undefined }): VapidKeys {
  if (options.configured !== undefined) return options.configured;
  const file = join(options.dataDir, VAPID_KEYS_FILE);
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(options.dataDir, { recursive: true });
  // 'wx': never overwrite a pair another process wrote first; read theirs instead.
  try {
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  }
}
