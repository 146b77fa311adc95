import { ExchangeBudgetViewSchema, type ExchangeBudgetView } from '@hyperhook/domain';
import { loadUserProfile } from '@hyperhook/trading';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';
import { ActionBudgetReader } from './actionBudgetReader.js';

/**
 * GET /api/exchange-budget: the share of the venue's per-IP weight budget this server used in the
 * last minute on the network of the user's keys (mainnet without keys), from this process's meter
 * (shared with its executor thread), and the user's own action budget, read rarely (ActionBudgetReader).
 */
export const exchangeBudgetRoute: FastifyPluginAsyncZod = async (app) => {
  const actionBudgets = new ActionBudgetReader();
  app.get('/exchange-budget', { schema: { tags: ['market'], response: { 200: envelopeOf(ExchangeBudgetViewSchema) } } }, async (request) => {
    const { credentials } = await loadUserProfile(app.deps.store.eventStore, requireUser(request).uid);
    const isTestnet = credentials?.isTestnet ?? false;
    const client = app.deps.hyperliquid(isTestnet);
    const action = credentials === null ? null : await actionBudgets.read(client, credentials);
    const budget = client.budget(isTestnet);
    const view: ExchangeBudgetView = {
      network: isTestnet ? 'testnet' : 'mainnet',
      usedWeight: budget.used,
      budgetPerMinute: budget.budget,
      percentOfMinute: Math.round((100 * budget.used) / budget.budget),
      waitsLastMinute: budget.waitedLastMinute,
      rateLimited: budget.rateLimited,
      marketSocketLive: client.marketFeed(isTestnet)?.live ?? false,
      actionBudget:
        action === null ? null : { used: action.used, cap: action.cap, percentUsed: action.cap <= 0 ? 100 : Math.round((100 * action.used) / action.cap) },
    };
    return ok(view);
  });
};
