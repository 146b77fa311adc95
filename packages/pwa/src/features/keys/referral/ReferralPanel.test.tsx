import { REFERRAL_COLLECTION, type ReferralInfo } from '@hyperhook/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/queryKeys';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { fail, ok, server } from '../../../test/server';
import { receiveLive } from '../../../test/live';
import { referralInfo } from './referral.fixtures';
import { DISMISS_REASON, ReferralPanel } from './ReferralPanel';

afterEach(() => vi.restoreAllMocks());

/** The referral read and actions; `sent` records each action's path and body. */
function network(
  info: ReferralInfo = referralInfo(),
  decline: () => Response = () => ok(referralInfo({ declinedAt: '2026-11-24T12:00:00.000Z', declinedReason: DISMISS_REASON })),
) {
  const sent: { path: string; body: string }[] = [];
  const record = (path: string, answer: () => Response) =>
    http.post(path, async ({ request }) => {
      sent.push({ path, body: await request.text() });
      return answer();
    });
  server.use(
    http.get('/api/referral', () => ok(info)),
    record('/api/referral/join-click', () => ok(referralInfo({ joinClicks: 1 }))),
    record('/api/referral/decline', decline),
    record('/api/referral/events', () => ok({ recorded: true })),
  );
  return sent;
}

const panel = () => screen.findByRole('region', { name: 'New to Hyperliquid?' });

describe('referral panel on the API KEYS tab (PROD-03, API-25 decided)', () => {
  it('PROD-03, API-23: given referral info, then the code and a "Join Hyperliquid" link to app.hyperliquid.xyz/join/<CODE>; following it logs a join click', async () => {
    const sent = network();
    const { user } = renderWithProviders(<ReferralPanel />);
    const card = await panel();
    expect(within(card).getByText('HYPERHOOK')).toBeInTheDocument();
    const link = within(card).getByRole('link', { name: 'Join Hyperliquid' });
    expect(link).toHaveAttribute('href', 'https://app.hyperliquid.xyz/join/HYPERHOOK');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // jsdom does not open windows: keep the click from trying.
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    await waitFor(() => expect(sent).toEqual([{ path: '/api/referral/join-click', body: '' }]));
  });

  it('API-24: given the code, when it is copied, then "Copied!" and POST /api/referral/events {type: "referral_code_copied", metadata: {}}', async () => {
    const sent = network();
    const { user } = renderWithProviders(<ReferralPanel />);
    const card = await panel();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(card).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('HYPERHOOK');
    expect(within(card).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await waitFor(() => expect(sent).toEqual([{ path: '/api/referral/events', body: '{"type":"referral_code_copied","metadata":{}}' }]));
  });

  it('API-22: given the panel, when Dismiss, then POST /api/referral/decline with a reason and the panel goes', async () => {
    const sent = network();
    const { user, queryClient } = renderWithProviders(<ReferralPanel />);
    await user.click(within(await panel()).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'New to Hyperliquid?' })).toBeNull();
    await waitFor(() => expect(sent).toEqual([{ path: '/api/referral/decline', body: JSON.stringify({ reason: DISMISS_REASON }) }]));
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.referral)).toMatchObject({ declinedReason: DISMISS_REASON }));
  });

  it('STATE-16, ERR-24: given the decline fails, then it is only logged and the panel stays dismissed', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    network(referralInfo(), () => fail(500, 'Event store unavailable'));
    const { user } = renderWithProviders(<ReferralPanel />);
    await user.click(within(await panel()).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Referral decline failed', expect.objectContaining({ message: 'Event store unavailable' })));
    expect(screen.queryByRole('region', { name: 'New to Hyperliquid?' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['joined via the referral', referralInfo({ joinedViaReferral: true })],
    ['dismissed it before', referralInfo({ declinedAt: '2026-11-20T00:00:00.000Z', declinedReason: 'no' })],
  ])('given the user %s, then no panel', async (_case, info) => {
    network(info);
    const { queryClient } = renderWithProviders(<ReferralPanel />);
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.referral)).toEqual(info));
    expect(screen.queryByRole('region', { name: 'New to Hyperliquid?' })).toBeNull();
  });

  it('given the panel shown, when a live change says the user reported joining, then it merges into the info (the code kept) and the panel goes', async () => {
    network();
    const { queryClient } = renderWithProviders(<ReferralPanel />);
    await panel();
    const { referralCode: _code, ...stored } = referralInfo({ joinedViaReferral: true, joinedReportedAt: '2026-11-24T12:00:00.000Z' });
    act(() => receiveLive(queryClient, { type: 'change', collection: REFERRAL_COLLECTION, id: 'user-1', version: 3, doc: stored }, new Map()));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'New to Hyperliquid?' })).toBeNull());
    expect(queryClient.getQueryData(queryKeys.referral)).toMatchObject({ referralCode: 'HYPERHOOK', joinedViaReferral: true });
  });
});
