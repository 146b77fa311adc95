import { WEBHOOK_LOGS_COLLECTION } from '@hyperhook/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Where } from '../../test/Where';
import { renderWithProviders } from '../../test/renderWithProviders';
import { receiveLive } from '../../test/live';
import LogsTab from './LogsTab';
import { aLog, serveLogs } from './logs.fixtures';
import { useLogsFilterStore } from './logsFilterStore';

const HOUR = 3_600_000;
const scrolled: Element[] = [];

beforeEach(() => {
  scrolled.length = 0;
  // jsdom has no layout, hence no scrollIntoView: record which element asked.
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
});
afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

const many = () => Array.from({ length: 45 }, (_, i) => aLog(`sig-${String(i).padStart(2, '0')}`, { agoMs: (i + 1) * 60_000 }));
const details = (id: string) => screen.getByRole('button', { name: `Details of log ${id}` });

function openAt(route: string, logs: ReturnType<typeof many>) {
  serveLogs(logs);
  return renderWithProviders(
    <>
      <LogsTab />
      <Where />
    </>,
    { route },
  );
}

describe('WEBHOOK LOGS tab: a link to one log (push notifications)', () => {
  it('given /dashboard?tab=logs&log=<id> of a log on page 2, then that page, its details open, scrolled into view and focused; the log query leaves the URL', async () => {
    openAt('/dashboard?tab=logs&log=sig-30', many());
    await waitFor(() => expect(details('sig-30')).toHaveAttribute('aria-expanded', 'true'));
    expect(screen.getByRole('navigation', { name: 'Webhook log pages' })).toHaveTextContent('Page 2 of 3');
    expect(document.getElementById('log-details-sig-30')).not.toBeNull();
    expect(scrolled).toEqual([document.getElementById('log-sig-30')]);
    expect(details('sig-30')).toHaveFocus();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard\?tab=logs$/));
    expect(useLogsFilterStore.getState().revealId).toBeNull();
  });

  it('TAB-LOGS-20: given a linked log older than the timeframe, then the timeframe becomes All Time and the log shows, open', async () => {
    const old = aLog('sig-old', { agoMs: 4 * 24 * HOUR, status: 'failed', error: 'Insufficient margin' });
    openAt('/dashboard?tab=logs&log=sig-old', [aLog('sig-new', { agoMs: 60_000 }), old]);
    await waitFor(() => expect(details('sig-old')).toHaveAttribute('aria-expanded', 'true'));
    expect(screen.getByRole('combobox', { name: 'Timeframe' })).toHaveDisplayValue('All Time');
    expect(screen.getByRole('button', { name: 'Reset Filters' })).toBeEnabled();
    // Its reason is in the opened details (the row's Status cell says it too).
    expect(within(document.getElementById('log-details-sig-old') as HTMLElement).getByText('Insufficient margin')).toBeInTheDocument();
  });

  it('given a linked log hidden by the status filter, then the status goes back to All so it shows', async () => {
    useLogsFilterStore.setState({ status: 'executed' });
    openAt('/dashboard?tab=logs&log=sig-02', many());
    await waitFor(() => expect(details('sig-02')).toHaveAttribute('aria-expanded', 'true'));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('All');
  });

  it('given a linked log not among the loaded ones, then it says so; when the live socket brings it, then it opens', async () => {
    const { queryClient } = openAt('/dashboard?tab=logs&log=sig-late', [aLog('sig-1')]);
    expect(await screen.findByText(/is not among your 200 most recent signals/)).toHaveTextContent('Log sig-late is not among your 200 most recent signals.');
    const late = aLog('sig-late', { agoMs: 0, status: 'failed', error: 'Exchange rejected the order' });
    act(() => receiveLive(queryClient, { type: 'change', collection: WEBHOOK_LOGS_COLLECTION, id: late.webhookLogId, version: 1, doc: late }, new Map()));
    await waitFor(() => expect(details('sig-late')).toHaveAttribute('aria-expanded', 'true'));
    expect(screen.queryByText(/is not among your/)).toBeNull();
  });

  it('given the link was followed, when the user pages away, then the link no longer pulls them back', async () => {
    const { user } = openAt('/dashboard?tab=logs&log=sig-30', many());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard\?tab=logs$/));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('navigation', { name: 'Webhook log pages' })).toHaveTextContent('Page 1 of 3');
    expect(scrolled).toHaveLength(1);
  });
});
