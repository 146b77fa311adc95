import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';

/** The keys of a subscription as PushSubscription#toJSON() gives them. */
export type BrowserPushKeys = { readonly p256dh: string; readonly auth: string };

/** A browser's side of a push subscription: the keys it hands the server, and its decryption. */
export interface TestBrowser {
  readonly keys: BrowserPushKeys;
  /** Decrypts an `aes128gcm` push body (RFC 8291, RFC 8188) sent to this subscription. */
  decrypt(body: Buffer): string;
}

const info = (label: string, ...parts: Buffer[]) => Buffer.concat([Buffer.from(label, 'latin1'), Buffer.from([0]), ...parts]);

/**
 * A subscription key pair as a browser makes it (P-256 ECDH key, 16-byte auth secret), keeping the
 * private key so tests can read what the push service was asked to deliver, as the browser would.
 */
export function createTestBrowser(): TestBrowser {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const uaPublic = ecdh.getPublicKey();
  const authSecret = randomBytes(16);
  return {
    keys: { p256dh: uaPublic.toString('base64url'), auth: authSecret.toString('base64url') },
    decrypt(body) {
      // RFC 8188 header: salt (16) | record size (4) | key id length (1) | key id = sender's public key.
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      // RFC 8291 §3.4: the ECDH secret, mixed with the auth secret, is the input keying material.
      const ikm = Buffer.from(hkdfSync('sha256', ecdh.computeSecret(asPublic), authSecret, info('WebPush: info', uaPublic, asPublic), 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: aes128gcm'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: nonce'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      // The single (last) record ends with the delimiter 0x02 followed by zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error('push record is not the last record (no 0x02 delimiter)');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}
