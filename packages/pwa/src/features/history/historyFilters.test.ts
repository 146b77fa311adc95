import { describe, expect, it } from 'vitest';
import { filtersFromSearch, historyPath, HISTORY_PAGE_SIZE, isoOfLocalInput, isUnfiltered, localInputOf, searchOfFilters } from './historyFilters';

describe('the History view filters in its URL (issue 31, point 1)', () => {
  it('given a URL naming a kind, a strategy and a time span, then those are the filters, and they make the same URL again', () => {
    const search = new URLSearchParams({ category: 'fill', strategyId: 'st_eth', since: '2026-11-28T00:00:00.000Z', until: '2026-11-28T23:59:59.999Z' });
    const filters = filtersFromSearch(search);
    expect(filters).toEqual({ category: 'fill', strategyId: 'st_eth', since: '2026-11-28T00:00:00.000Z', until: '2026-11-28T23:59:59.999Z' });
    expect(searchOfFilters(filters)).toEqual(Object.fromEntries(search));
    expect(isUnfiltered(filters)).toBe(false);
  });

  it('given a URL with values that do not parse, then each is ignored rather than failing the view', () => {
    const filters = filtersFromSearch(new URLSearchParams({ category: 'secrets', strategyId: '../other-user', since: 'yesterday', until: '2026-13-40' }));
    expect(filters).toEqual({ category: undefined, strategyId: undefined, since: undefined, until: undefined });
    expect(isUnfiltered(filters)).toBe(true);
    expect(searchOfFilters(filters)).toEqual({});
  });

  it('given filters and a page boundary, then the api path asks for a page of them before that position', () => {
    const path = new URL(historyPath({ category: 'order', strategyId: 'main' }, 1234), 'http://x');
    expect(path.pathname).toBe('/api/history');
    expect(Object.fromEntries(path.searchParams)).toEqual({ limit: String(HISTORY_PAGE_SIZE), category: 'order', strategyId: 'main', before: '1234' });
    expect(new URL(historyPath({}), 'http://x').searchParams.has('before')).toBe(false);
  });

  it('given a local date and time, then its UTC moment; "until" reaches the end of the chosen minute; empty or partial is no filter', () => {
    const start = isoOfLocalInput('2026-11-28T14:05');
    const end = isoOfLocalInput('2026-11-28T14:05', true);
    expect(start).toBe(new Date(2026, 10, 28, 14, 5, 0, 0).toISOString());
    expect(end).toBe(new Date(2026, 10, 28, 14, 5, 59, 999).toISOString());
    expect(localInputOf(start)).toBe('2026-11-28T14:05');
    expect(localInputOf(end)).toBe('2026-11-28T14:05');
    expect([isoOfLocalInput(''), isoOfLocalInput('2026-11-'), localInputOf(undefined)]).toEqual([undefined, undefined, '']);
  });
});
