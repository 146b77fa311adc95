import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { strategiesNetwork, twoStrategies } from '../../test/strategies';
import { strategyView } from '../../test/fixtures';
import LogsTab from './LogsTab';
import { aLog, anExecutedLog, serveLogs } from './logs.fixtures';
import { useLogsFilterStore } from './logsFilterStore';

const rowIds = () => [...(screen.queryByRole('table')?.querySelectorAll('tr.log-row') ?? [])].map((r) => r.id.replace(/^log-/, ''));
const card = (label: string) =>
  (
    within(screen.getByRole('group', { name: 'Webhook summary' }))
      .getByText(label)
      .closest('.stat') as HTMLElement
  ).querySelector('.stat__value')?.textContent;
const scope = () => screen.getByRole('combobox', { name: 'Strategy' });

const logs = () => [
  anExecutedLog('sig-main-1', { agoMs: 5 * 60_000 }),
  aLog('sig-eth-1', { agoMs: 10 * 60_000, status: 'failed', strategyId: 'st_eth', strategyName: 'ETH scalper' }),
  anExecutedLog('sig-eth-2', { agoMs: 20 * 60_000, strategyId: 'st_eth', strategyName: 'ETH scalper' }),
];

describe('WEBHOOK LOGS tab: narrowed to one strategy (issue 29, points 1 and 6)', () => {
  it("issue 29, point 6: given two strategies, when one is chosen, then the rows, the four cards and the chips are that strategy's", async () => {
    strategiesNetwork();
    serveLogs(logs());
    const { user } = renderWithProviders(<LogsTab />);
    await waitFor(() => expect(scope()).toHaveDisplayValue('All strategies'));
    expect(
      within(scope())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All strategies', 'Main', 'ETH scalper']);
    expect(rowIds()).toEqual(['sig-main-1', 'sig-eth-1', 'sig-eth-2']);
    expect([card('Signals'), card('Success Rate')]).toEqual(['3', '67%']);
    await user.selectOptions(scope(), 'ETH scalper');
    expect(rowIds()).toEqual(['sig-eth-1', 'sig-eth-2']);
    expect([card('Signals'), card('Success Rate')]).toEqual(['2', '50%']);
    await user.selectOptions(scope(), 'Main');
    expect(rowIds()).toEqual(['sig-main-1']);
    expect([card('Signals'), card('Success Rate')]).toEqual(['1', '100%']);
  });

  it('issue 29, point 1: given two strategies, then each row names the strategy its alert came to', async () => {
    strategiesNetwork();
    serveLogs(logs());
    renderWithProviders(<LogsTab />);
    await waitFor(() => expect(rowIds()).toHaveLength(3));
    const signal = (id: string) => (document.getElementById(`log-${id}`) as HTMLElement).querySelector('td[data-label="Signal"]') as HTMLElement;
    await waitFor(() => expect(signal('sig-eth-1')).toHaveTextContent('Strategy ETH scalper'));
    expect(signal('sig-main-1')).toHaveTextContent('Strategy Main');
  });

  it('issue 29, point 6: given a single strategy, then no strategy filter and no strategy in the rows', async () => {
    strategiesNetwork([strategyView()]);
    serveLogs([anExecutedLog('sig-main-1')]);
    renderWithProviders(<LogsTab />);
    await waitFor(() => expect(rowIds()).toEqual(['sig-main-1']));
    expect(screen.queryByRole('combobox', { name: 'Strategy' })).toBeNull();
    expect(document.querySelector('.log-strategy')).toBeNull();
  });

  it('issue 29, point 6: given a chosen strategy that was deleted since, then all strategies are shown', async () => {
    useLogsFilterStore.setState({ strategy: 'st_gone' });
    strategiesNetwork(twoStrategies());
    serveLogs(logs());
    renderWithProviders(<LogsTab />);
    await waitFor(() => expect(scope()).toHaveDisplayValue('All strategies'));
    expect(rowIds()).toHaveLength(3);
  });
});
