import { describe, expect, it } from 'vitest';
import type { PerpAsset } from '@hyperhook/hyperliquid';
import { unpaidFunding } from './paperFunding.js';
import type { RecordedPaperFill, RecordedPaperFunding } from './paperVenue.js';

const ASSETS: PerpAsset[] = [
  { coin: 'BTC', assetId: 0, szDecimals: 5, maxLeverage: 40, isolatedOnly: false, delisted: false },
  { coin: 'ETH', assetId: 1, szDecimals: 4, maxLeverage: 25, isolatedOnly: false, delisted: false },
];
const HOUR = Date.parse('2026-11-28T13:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const fill = (coin: string, side: 'B' | 'A', sz: string, time: number): RecordedPaperFill => ({ coin, px: '100', sz, side, time: iso(time) });
const paid = (coin: string, hour: number): RecordedPaperFunding => ({ coin, hour: iso(hour), usdc: '-0.1' });

describe('unpaidFunding (rule 17: an hour is paid once, as the log says)', () => {
  it('given fills before and after the hour, then what the run held at the hour is due, long and short', () => {
    const fills = [fill('ETH', 'B', '0.3', HOUR - 60_000), fill('ETH', 'B', '0.2', HOUR + 1_000), fill('BTC', 'A', '0.01', HOUR - 1)];
    expect(unpaidFunding({ fills, fundings: [] }, HOUR, ASSETS)).toEqual([
      { coin: 'ETH', szi: 0.3 },
      { coin: 'BTC', szi: -0.01 },
    ]);
  });

  it('given the hour already recorded as paid for a coin (before a restart, say), then it is not due again; the next hour is', () => {
    const fills = [fill('ETH', 'B', '0.3', HOUR - 60_000), fill('BTC', 'B', '0.01', HOUR - 60_000)];
    const fundings = [paid('ETH', HOUR), paid('BTC', HOUR - 3_600_000)];
    expect(unpaidFunding({ fills, fundings }, HOUR, ASSETS)).toEqual([{ coin: 'BTC', szi: 0.01 }]);
    expect(unpaidFunding({ fills, fundings: [...fundings, paid('BTC', HOUR)] }, HOUR, ASSETS)).toEqual([]);
    expect(unpaidFunding({ fills, fundings: [...fundings, paid('BTC', HOUR)] }, HOUR + 3_600_000, ASSETS)).toHaveLength(2);
  });

  it('given a position closed before the hour, opened after it, or in a coin no longer listed, then nothing is due', () => {
    const fills = [
      fill('ETH', 'B', '0.3', HOUR - 60_000),
      fill('ETH', 'A', '0.3', HOUR - 30_000),
      fill('BTC', 'B', '0.01', HOUR + 1),
      fill('OLD', 'B', '5', HOUR - 60_000),
    ];
    expect(unpaidFunding({ fills, fundings: [] }, HOUR, ASSETS)).toEqual([]);
  });
});
