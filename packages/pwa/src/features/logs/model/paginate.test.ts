import { describe, expect, it } from 'vitest';
import { LOGS_PAGE_SIZE, pageCount, pageOfIndex, paginate } from './paginate';

const items = Array.from({ length: 45 }, (_, i) => i);

describe('paginate (TAB-LOGS-41..TAB-LOGS-43)', () => {
  it('TAB-LOGS-41: 20 rows a page; 45 rows make pages of 20, 20 and 5', () => {
    expect(LOGS_PAGE_SIZE).toBe(20);
    expect([1, 2, 3].map((page) => paginate(items, page).rows.length)).toEqual([20, 20, 5]);
    expect(paginate(items, 2).rows[0]).toBe(20);
    expect(paginate(items, 3)).toMatchObject({ page: 3, pages: 3, rows: [40, 41, 42, 43, 44] });
  });

  it('TAB-LOGS-43: 20 rows or fewer make one page (no pagination shown); none is still page 1 of 1', () => {
    expect([pageCount(0), pageCount(20), pageCount(21)]).toEqual([1, 1, 2]);
  });

  it('given a page beyond the last (the list shrank) or before the first, then the nearest page', () => {
    expect(paginate(items, 9).page).toBe(3);
    expect(paginate(items, 0).page).toBe(1);
  });

  it('given a row index, then its page', () => {
    expect([0, 19, 20, 44].map((i) => pageOfIndex(i))).toEqual([1, 1, 2, 3]);
  });
});
