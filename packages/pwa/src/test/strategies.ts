import type { Settings, StrategyView } from '@hyperhook/domain';
import { AlertGuardsSchema, DEFAULT_PAPER_BALANCE, DEFAULT_SETTINGS, PaperBalanceSchema } from '@hyperhook/domain';
import { http, type DefaultBodyType, type StrictRequest } from 'msw';
import { strategyView } from './fixtures';
import { fail, ok, server } from './server';

/** Two strategies: the first, "Main", and "ETH scalper". */
export function twoStrategies(overrides: Partial<StrategyView> = {}): StrategyView[] {
  return [strategyView(), strategyView({ id: 'st_eth', name: 'ETH scalper', createdAt: '2026-11-20T09:00:00.000Z', ...overrides })];
}

/** A paper strategy (issue 30), "Paper BTC", on 10,000 USDC by default. */
export function paperStrategy(overrides: Partial<StrategyView> = {}): StrategyView {
  return strategyView({
    id: 'st_paper',
    name: 'Paper BTC',
    venue: 'paper',
    paper: { balance: DEFAULT_PAPER_BALANCE, epoch: 0, since: '2026-11-24T09:00:00.000Z' },
    createdAt: '2026-11-22T09:00:00.000Z',
    ...overrides,
  });
}

/** The trader's main account, and its sub-accounts on Hyperliquid (issue 39) by address. */
export const MAIN_ACCOUNT = '0x00000000000000000000000000000000000000aa';
export const SUB_ACCOUNTS: Readonly<Record<string, string>> = { '0x1111111111111111111111111111111111111111': 'desk-b' };

/** The api's refusal of a paper balance out of range, by field as the api answers it (null: fine). */
function refusedBalance(raw: unknown) {
  const parsed = PaperBalanceSchema.safeParse(raw);
  if (parsed.success) return null;
  const message = parsed.error.issues[0]?.message ?? 'Invalid paper balance.';
  return fail(400, message, { code: 'INVALID_PAPER_BALANCE', fieldErrors: [{ field: 'paperBalance', message }] });
}

/**
 * The strategies api of issue 29 as the components see it: a list the routes change as the api
 * does (unique names, a blank one refused, the first strategy kept), with every write recorded in
 * `sent`, in order. `strategies` is the list as it is now.
 */
export function strategiesNetwork(
  initial: StrategyView[] = twoStrategies(),
  { keys = true, holding = [] }: { keys?: boolean; holding?: readonly string[] } = {},
) {
  const state = { strategies: initial.map((s) => ({ ...s })) };
  const sent: { method: string; path: string; body: unknown }[] = [];
  const record = async (request: StrictRequest<DefaultBodyType>) => {
    const text = await request.clone().text();
    const body: unknown = text === '' ? undefined : JSON.parse(text);
    sent.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body;
  };
  const find = (id: unknown) => state.strategies.find((s) => s.id === id);
  const change = (id: unknown, patch: Partial<StrategyView>) => {
    const current = find(id);
    if (current === undefined) return fail(404, 'Strategy not found');
    const next = { ...current, ...patch };
    state.strategies = state.strategies.map((s) => (s.id === next.id ? next : s));
    return ok(next);
  };
  const refusedName = (name: string, except?: string) => {
    if (name.trim() === '') return fail(400, 'Name is required.');
    if (state.strategies.some((s) => s.id !== except && s.name.toLowerCase() === name.trim().toLowerCase()))
      return fail(409, `A strategy named "${name.trim()}" already exists.`);
    return null;
  };
  // PATCH {subAccountAddress} (issue 39): Hyperliquid's list decides; a strategy holding positions stays.
  const bound = (id: unknown, address: string | null) => {
    const current = find(id);
    if (current === undefined) return fail(404, 'Strategy not found');
    if (!keys) return fail(400, 'No API keys configured');
    if (current.venue === 'paper') return fail(409, 'A paper strategy trades on its own paper account.');
    if (holding.includes(current.id))
      return fail(409, `"${current.name}" holds a position on the account it trades on now; close them before moving it to another account.`);
    if (address === null) return change(id, { subAccount: null });
    const name = SUB_ACCOUNTS[address.toLowerCase()];
    if (name === undefined)
      return fail(
        400,
        `${address} is not a sub-account of your account ${MAIN_ACCOUNT} on Hyperliquid testnet; create it there (Sub-Accounts) or check the address.`,
      );
    return change(id, { subAccount: { address: address.toLowerCase(), name } });
  };
  let created = 0;
  server.use(
    http.get('/api/strategies', () => ok(state.strategies)),
    http.post('/api/strategies', async ({ request }) => {
      const { name, venue, paperBalance } = (await record(request)) as { name: string; venue?: 'live' | 'paper'; paperBalance?: unknown };
      const refused = refusedName(name) ?? (venue === 'paper' && paperBalance !== undefined ? refusedBalance(paperBalance) : null);
      if (refused !== null) return refused;
      created += 1;
      const at = new Date().toISOString();
      const paper = venue === 'paper' ? { venue, paper: { balance: (paperBalance as number | undefined) ?? DEFAULT_PAPER_BALANCE, epoch: 0, since: at } } : {};
      const view = strategyView({ id: `st_new${created}`, name: name.trim(), createdAt: at, ...paper });
      state.strategies = [...state.strategies, view];
      return ok(view, { status: 201 });
    }),
    http.patch('/api/strategies/:id', async ({ request, params }) => {
      const { name, subAccountAddress } = (await record(request)) as { name?: string; subAccountAddress?: string | null };
      if (subAccountAddress !== undefined) return bound(params.id, subAccountAddress);
      return refusedName(name ?? '', String(params.id)) ?? change(params.id, { name: (name ?? '').trim() });
    }),
    http.put('/api/strategies/:id/settings', async ({ request, params }) => change(params.id, { settings: (await record(request)) as Settings })),
    // Guards (issue 42): the domain's schema decides, as the api's does.
    http.put('/api/strategies/:id/filters', async ({ request, params }) => {
      const parsed = AlertGuardsSchema.safeParse(await record(request));
      if (!parsed.success) return fail(400, `Invalid body: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      return change(params.id, { guards: parsed.data });
    }),
    http.post('/api/strategies/:id/pause', async ({ request, params }) => {
      await record(request);
      return change(params.id, { paused: true, pausedSince: new Date().toISOString() });
    }),
    http.post('/api/strategies/:id/resume', async ({ request, params }) => {
      await record(request);
      return change(params.id, { paused: false, pausedSince: null });
    }),
    http.post('/api/strategies/:id/reset-settings', async ({ request, params }) => {
      await record(request);
      return change(params.id, { settings: structuredClone(DEFAULT_SETTINGS) as Settings });
    }),
    http.post('/api/strategies/:id/regenerate-webhook-secret', async ({ request, params }) => {
      await record(request);
      return change(params.id, { webhookUrl: `http://localhost:3000/hook/${String(params.id)}-renewed` });
    }),
    // Paper trading (issue 30): a reset starts a new run; a promote needs saved API keys.
    http.post('/api/strategies/:id/paper-reset', async ({ request, params }) => {
      const { balance } = ((await record(request)) ?? {}) as { balance?: unknown };
      const current = find(params.id);
      if (current?.paper == null) return fail(409, 'Not a paper strategy.');
      const refused = balance === undefined ? null : refusedBalance(balance);
      if (refused !== null) return refused;
      return change(params.id, {
        paper: { balance: (balance as number | undefined) ?? current.paper.balance, epoch: current.paper.epoch + 1, since: new Date().toISOString() },
      });
    }),
    http.post('/api/strategies/:id/promote', async ({ request, params }) => {
      await record(request);
      if (!keys) return fail(409, 'Save your Hyperliquid API keys first: a live strategy trades on your account.', { code: 'NO_CREDENTIALS' });
      return change(params.id, { venue: 'live', paper: null });
    }),
    http.delete('/api/strategies/:id', async ({ request, params }) => {
      await record(request);
      const current = find(params.id);
      if (current === undefined) return fail(404, 'Strategy not found');
      if (current.first) return fail(409, 'The first strategy cannot be deleted.');
      state.strategies = state.strategies.filter((s) => s.id !== current.id);
      return ok({ id: current.id, deleted: true });
    }),
  );
  return { sent, state };
}
