import { describe, expect, it } from 'vitest';
import { PaperVenue, type RecordedPaperFill, type RecordedPaperFunding, type RecordedPaperOrder } from './paperVenue.js';
import { perpAsset } from './testing/perpAsset.js';

const ASSETS = [perpAsset('BTC', 0, 5), perpAsset('ETH', 1, 4)];
const MIDS = { BTC: 97_000, ETH: 3_500 };
const NOW = Date.parse('2026-12-05T12:00:00Z');
const venue = () => new PaperVenue({ assets: ASSETS, mids: MIDS, now: () => NOW });
const cloid = (n: number) => `0x${n.toString(16).padStart(32, '0')}`;

/** Fills of a busy run: both coins, opened, added to, reduced, flipped and closed, at uneven prices and sizes. */
function tradedFills(count: number): RecordedPaperFill[] {
  return Array.from({ length: count }, (_, i): RecordedPaperFill => {
    const eth = i % 3 !== 0;
    const px = eth ? 3_400 + ((i * 37) % 200) + 0.1 * (i % 7) : 96_000 + ((i * 131) % 2_000);
    const sz = eth ? String(0.0137 * ((i % 5) + 1)) : String(0.00113 * ((i % 4) + 1));
    return {
      coin: eth ? 'ETH' : 'BTC',
      px: String(px),
      sz: Number(sz).toFixed(eth ? 4 : 5),
      side: i % 4 < 2 ? 'B' : 'A',
      time: new Date(NOW - (count - i) * 1_000).toISOString(),
    };
  });
}

const FUNDINGS: RecordedPaperFunding[] = [
  { coin: 'ETH', hour: '2026-12-05T10:00:00.000Z', usdc: '-0.0123' },
  { coin: 'BTC', hour: '2026-12-05T11:00:00.000Z', usdc: '0.0456' },
];

describe('PaperVenue.restoreBooks (issue 44 §2)', () => {
  it('issue 44 §2: given a run of 2,000 fills, when one venue books them in parts and another account is opened from those books, then it is the account a replay of every fill opens, to the last bit, and it numbers its next order and trade the same', () => {
    const fills = tradedFills(2_000);
    const ledger = venue();
    ledger.restore('ledger', 250_000, []);
    for (let from = 0; from < fills.length; from += 333) ledger.bookFills('ledger', fills.slice(from, from + 333));
    const books = ledger.books('ledger');
    expect(books).toMatchObject({ balance: 250_000, fills: 2_000 });

    const replayed = venue();
    replayed.restore('paper:st', 250_000, fills, { ETH: 3, BTC: 2 }, FUNDINGS);
    const resting: RecordedPaperOrder[] = [];
    const opened = venue();
    opened.restoreBooks('paper:st', books, { ETH: 3, BTC: 2 }, FUNDINGS, resting);

    expect(opened.snapshot('paper:st')).toEqual(replayed.snapshot('paper:st'));
    expect(opened.books('paper:st')).toEqual(replayed.books('paper:st'));
    const order = { coin: 'ETH', isBuy: true, price: '3600', size: '0.5', reduceOnly: false, tif: 'Ioc' as const, cloid: cloid(1) };
    const next = opened.placeOrder('paper:st', order, 'sig-next');
    const same = replayed.placeOrder('paper:st', order, 'sig-next');
    expect(next.outcome).toEqual(same.outcome);
    expect(next.fills).toEqual(same.fills);
    expect(next.fills[0]?.tid).toBeGreaterThan(0);
  });

  it('issue 44 §2: given an account opened from books with a resting limit, when the mark crosses it, then it fills as on the replayed account', () => {
    const fills = tradedFills(50);
    const ledger = venue();
    ledger.restore('ledger', 250_000, []);
    ledger.bookFills('ledger', fills);
    const replayed = venue();
    replayed.restore('paper:st', 250_000, fills);
    replayed.placeOrder('paper:st', { coin: 'BTC', isBuy: true, price: '95000', size: '0.01', reduceOnly: false, tif: 'Gtc', cloid: cloid(2) }, 'sig-limit');
    const orders = replayed.openOrders('paper:st');
    expect(orders).toHaveLength(1);

    const again = venue();
    again.restore('paper:st', 250_000, fills, {}, [], orders);
    const opened = venue();
    opened.restoreBooks('paper:st', ledger.books('ledger'), {}, [], orders);
    expect(opened.openOrders('paper:st')).toEqual(again.openOrders('paper:st'));
    expect(opened.setMids({ BTC: 94_900 }).get('paper:st')).toEqual(again.setMids({ BTC: 94_900 }).get('paper:st'));
    expect(opened.snapshot('paper:st')).toEqual(again.snapshot('paper:st'));
  });

  it('issue 44 §2: given books naming a coin the universe does not list, when an account is opened from them, then it is refused as a replay of that fill is', () => {
    const ledger = new PaperVenue({ assets: [...ASSETS, perpAsset('SOL', 2, 2)], mids: { ...MIDS, SOL: 200 }, now: () => NOW });
    ledger.restore('ledger', 1_000, []);
    ledger.bookFills('ledger', [{ coin: 'SOL', px: '200', sz: '1', side: 'B' }]);
    expect(() => venue().restoreBooks('paper:st', ledger.books('ledger'))).toThrow(/SOL/);
    expect(() => venue().restore('paper:st', 1_000, [{ coin: 'SOL', px: '200', sz: '1', side: 'B' }])).toThrow(/SOL/);
  });
});
