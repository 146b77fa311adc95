import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig (ARCHITECTURE §6)', () => {
  it('given an empty environment, when loaded, then the documented defaults apply', () => {
    const cfg = loadConfig({});
    expect(cfg.PORT).toBe(8080);
    expect(cfg.HYPERHOOK_DATA_DIR).toBe('./data');
    expect(cfg.HYPERLIQUID_API_URL).toBe('https://api.hyperliquid.xyz');
    expect(cfg.HYPERLIQUID_TESTNET_API_URL).toBe('https://api.hyperliquid-testnet.xyz');
    expect(cfg.PUBLIC_URL).toBe('http://localhost:8080');
    expect(cfg.NATS_URL).toBeUndefined();
  });

  it('given PORT only, when loaded, then PUBLIC_URL follows the port', () => {
    expect(loadConfig({ PORT: '9123' }).PUBLIC_URL).toBe('http://localhost:9123');
  });

  it('given a PUBLIC_URL with a trailing slash, when loaded, then the slash is dropped', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://hooks.example.com/' }).PUBLIC_URL).toBe('https://hooks.example.com');
  });

  it('given a non-numeric PORT, when loaded, then it fails naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('given a malformed API URL, when loaded, then it fails naming the variable', () => {
    expect(() => loadConfig({ HYPERLIQUID_API_URL: 'not a url' })).toThrow(/HYPERLIQUID_API_URL/);
  });
});
