import { describe, expect, it } from 'vitest';
import { keysExpiringNotice } from './alarmNotices.js';

const WALLET = '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4';
const noticed = (isTestnet: boolean | undefined) => ({
  apiWalletAddress: WALLET,
  validUntil: '2026-12-20T12:00:00.000Z',
  stage: 'week' as const,
  ...(isTestnet === undefined ? {} : { isTestnet }),
  at: '2026-12-13T12:00:00.000Z',
});

describe('keysExpiringNotice (issue 42, point 2)', () => {
  it('given testnet keys, when their expiry is told, then the steps name the testnet app, where their wallet was approved', () => {
    // when
    const notice = keysExpiringNotice('https://hyperhook.example', noticed(true));
    // then
    expect(notice.title).toBe('Your API wallet expires in 7 days');
    expect(notice.reason).toContain('Authorize a new API wallet at app.hyperliquid-testnet.xyz → More → API');
    expect(notice.reason).not.toContain('app.hyperliquid.xyz');
  });

  it('given mainnet keys, or a notice recorded before the network was kept, then the steps name the mainnet app', () => {
    for (const isTestnet of [false, undefined]) {
      // when
      const notice = keysExpiringNotice('https://hyperhook.example', noticed(isTestnet));
      // then
      expect(notice.reason).toContain('Authorize a new API wallet at app.hyperliquid.xyz → More → API');
      expect(notice.url).toBe('https://hyperhook.example/dashboard?tab=keys');
    }
  });
});
