import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsRoutes } from './analytics/analyticsRoutes.js';
import { backtestsRoutes } from './analytics/backtestsRoutes.js';
import { approvalsRoutes } from './approvals/approvalsRoutes.js';
import { balanceRoute } from './balance/balanceRoute.js';
import { loginRoute } from './auth/login.js';
import { logoutRoute } from './auth/logout.js';
import { oidcRoutes } from './auth/oidcRoutes.js';
import { refreshRoute } from './auth/refresh.js';
import { signupRoute } from './auth/signup.js';
import { userRoute } from './auth/user.js';
import { webhookUrlRoutes } from './auth/webhookUrl.js';
import { publicConfigRoute } from './config/publicConfigRoute.js';
import { exchangeBudgetRoute } from './exchangeBudget/exchangeBudgetRoute.js';
import { deleteKeysRoute } from './keys/deleteKeys.js';
import { getKeysRoute } from './keys/getKeys.js';
import { saveKeysRoute } from './keys/saveKeys.js';
import { marketRoute } from './market/marketRoute.js';
import { historyExportRoutes } from './history/historyExportRoutes.js';
import { historyRoute } from './history/historyRoute.js';
import { historyStateRoute } from './history/historyStateRoute.js';
import { notificationsRoutes } from './notifications/notificationsRoutes.js';
import { openOrdersRoute } from './orders/openOrdersRoute.js';
import { paperOrdersRoute } from './orders/paperOrdersRoute.js';
import { orderPreviewRoute } from './orders/orderPreviewRoute.js';
import { closeAllRoute } from './positions/closeAllRoute.js';
import { positionsRoutes } from './positions/positionsRoutes.js';
import { referralRoutes } from './referral/referralRoutes.js';
import { accountGuardsRoutes } from './settings/accountGuardsRoutes.js';
import { settingsRoutes } from './settings/settingsRoutes.js';
import { tradingSwitchRoutes } from './trading/tradingSwitchRoutes.js';
import { strategiesRoutes } from './strategies/strategiesRoutes.js';
import { ipAllowlistRoutes } from './webhook/ipAllowlistRoutes.js';
import { webhookLogsRoute } from './webhookLogs/webhookLogsRoute.js';

/**
 * The /api contract of spec §7, registered under the /api prefix. Public routes (sign-up, login,
 * refresh, OIDC, referral and approval routes that authenticate themselves, the public config) sit at the top; everything else is
 * in a subtree whose preHandler is `app.authenticate`, so a route added there cannot forget auth.
 */
export const apiRoutes: FastifyPluginAsyncZod<{ authRateLimit: number }> = async (app, options) => {
  const authOptions = { authRateLimit: options.authRateLimit };
  await app.register(signupRoute, authOptions);
  await app.register(loginRoute, authOptions);
  await app.register(refreshRoute, authOptions);
  await app.register(oidcRoutes, authOptions);
  await app.register(referralRoutes);
  await app.register(publicConfigRoute);
  // Signed in, or a push notification's token in place of the session (they authenticate themselves).
  await app.register(approvalsRoutes, { answerRateLimit: options.authRateLimit });

  await app.register(async (secured) => {
    // onRequest, before body parsing and validation: an anonymous caller gets 401, never a validation message.
    secured.addHook('onRequest', secured.authenticate);
    await secured.register(logoutRoute);
    await secured.register(userRoute);
    await secured.register(webhookUrlRoutes);
    await secured.register(ipAllowlistRoutes);
    await secured.register(getKeysRoute);
    await secured.register(saveKeysRoute);
    await secured.register(deleteKeysRoute);
    await secured.register(settingsRoutes);
    await secured.register(accountGuardsRoutes);
    await secured.register(positionsRoutes);
    await secured.register(closeAllRoute);
    await secured.register(balanceRoute);
    await secured.register(webhookLogsRoute);
    await secured.register(orderPreviewRoute);
    await secured.register(openOrdersRoute);
    await secured.register(paperOrdersRoute);
    await secured.register(marketRoute);
    await secured.register(exchangeBudgetRoute);
    await secured.register(tradingSwitchRoutes);
    await secured.register(strategiesRoutes);
    await secured.register(notificationsRoutes);
    await secured.register(historyRoute);
    await secured.register(historyExportRoutes);
    await secured.register(historyStateRoute);
    await secured.register(analyticsRoutes);
    await secured.register(backtestsRoutes);
  });
};
