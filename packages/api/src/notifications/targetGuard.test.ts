import { describe, expect, it } from 'vitest';
import { postJson } from './postJson.js';
import { assertAllowedTarget, isPrivateAddress, TargetRefusedError } from './targetGuard.js';
import { startLocalReceiver } from './testing/localReceiver.js';

const strict = { allowPrivateTargets: false };
const open = { allowPrivateTargets: true };

describe('channel target guard (issue 30, point 2: server-side request forgery)', () => {
  it('given loopback, private, link-local, unspecified and mapped addresses, when judged, then each is private; public ones are not', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '::1',
      '::',
      'fc00::1',
      'fd12::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '[::1]',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111']) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('given the flag off, when a target is loopback, 10.x, the metadata address, [::1] or a name resolving to loopback, then it is refused', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.0.0.7/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://localhost/hook',
    ]) {
      await expect(assertAllowedTarget(url, strict), url).rejects.toBeInstanceOf(TargetRefusedError);
    }
  });

  it('given the flag off, when a target is plain http or not http at all, then it is refused; a public https address is allowed', async () => {
    await expect(assertAllowedTarget('http://93.184.216.34/hook', strict)).rejects.toThrow(/https/);
    await expect(assertAllowedTarget('ftp://93.184.216.34/hook', strict)).rejects.toThrow(/https/);
    await expect(assertAllowedTarget('https://93.184.216.34/hook', strict)).resolves.toBeUndefined();
  });

  it('given HYPERHOOK_NOTIFY_ALLOW_PRIVATE_TARGETS, when a target is on loopback over http, then it is allowed', async () => {
    await expect(assertAllowedTarget('http://127.0.0.1:9/hook', open)).resolves.toBeUndefined();
    await expect(assertAllowedTarget('http://localhost:9/hook', open)).resolves.toBeUndefined();
  });

  it('given a target saved while allowed, when delivering with the flag off, then the connection is refused at delivery time too (DNS rebinding)', async () => {
    const receiver = await startLocalReceiver();
    try {
      const port = new URL(receiver.url).port;
      await expect(postJson(`https://localhost:${port}/x`, '{}', {}, strict)).rejects.toBeInstanceOf(TargetRefusedError);
      await expect(postJson(`https://127.0.0.1:${port}/x`, '{}', {}, strict)).rejects.toBeInstanceOf(TargetRefusedError);
      expect(receiver.received).toHaveLength(0);
      expect((await postJson(`http://localhost:${port}/x`, '{}', {}, open)).status).toBe(200);
    } finally {
      await receiver.close();
    }
  });
});
