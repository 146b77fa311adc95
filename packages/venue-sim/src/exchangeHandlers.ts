/**
 * POST /exchange: parse → nonce window → expiry → recover signer → resolve account → per-signer
 * nonce → vault (the sub-account acted for) → pre-validation → address budget → consume nonce →
 * execute.
 *
 * Everything up to "consume nonce" is a top-level refusal that leaves the nonce unused (so the same
 * signed body can be retried); once an action executes its nonce is spent even if every order in it
 * errors. The handler is synchronous from parse to reply, so concurrent requests cannot interleave.
 */
import { APPROVE_AGENT_TYPES } from '@hyperhook/hyperliquid';
import { parseExchangeBody, type ApproveAgentAction, type ExchangeBody } from './actionSchemas.js';
import { checkAddressBudget } from './addressBudget.js';
import {
  accountNumbers,
  actingAccount,
  approveAgent,
  batchModify,
  cancelByCloid,
  cancelByOid,
  MAX_CANCELS_PER_ACTION,
  modifyOrder,
  placeOrderAction,
  preValidateModifies,
  preValidateOrderAction,
  runScheduledCancels,
  scheduleCancel,
  type SimAccount,
  type SimState,
  TopLevel,
  updateLeverage,
} from '@hyperhook/venue-engine';
import { canonicalApproveAgentMessage, canonicalL1Action, type L1Action } from './canonicalAction.js';
import { l1ActionHash } from './l1ActionHash.js';
import { checkNonceWindow, type NonceBook } from './nonceBook.js';
import { jsonReply, UNPROCESSABLE, type HandlerReply } from './replies.js';
import type { SimNetwork } from './types.js';
import { hyperliquidChain, recoverL1Signer, recoverUserSignedSigner } from './verifySignature.js';

const json = jsonReply;
const topErr = (response: string): HandlerReply => json({ status: 'err', response });

/** What /exchange needs beside the engine's state: the network signatures are checked for, and every signer's nonces. */
export interface ExchangeDeps {
  state: SimState;
  network: SimNetwork;
  nonces: NonceBook;
}

/** Handles one /exchange body (already JSON-parsed). */
export function handleExchange(deps: ExchangeDeps, raw: unknown): HandlerReply {
  const { state } = deps;
  const body = parseExchangeBody(raw);
  if (!body) return UNPROCESSABLE;
  runScheduledCancels(state);
  const windowError = checkNonceWindow(body.nonce, state.now());
  if (windowError) return topErr(windowError);
  const { action } = body;
  if (action.type === 'approveAgent') return handleApproveAgent(deps, body, action);
  return handleL1(deps, body, action);
}

function preValidate(action: L1Action): string | null {
  if (action.type === 'order') return preValidateOrderAction(action);
  if (action.type === 'modify') return preValidateModifies([action]);
  if (action.type === 'batchModify') return preValidateModifies(action.modifies);
  if ((action.type === 'cancel' || action.type === 'cancelByCloid') && action.cancels.length > MAX_CANCELS_PER_ACTION) {
    return TopLevel.cancelWeight;
  }
  return null;
}

function weightOf(action: L1Action): number {
  if (action.type === 'order') return Math.max(1, action.orders.length);
  if (action.type === 'batchModify') return Math.max(1, action.modifies.length);
  if (action.type === 'cancel' || action.type === 'cancelByCloid') return Math.max(1, action.cancels.length);
  return 1;
}

function handleL1({ state, network, nonces }: ExchangeDeps, body: ExchangeBody, action: L1Action): HandlerReply {
  const expiresAfter = body.expiresAfter ?? null;
  if (expiresAfter !== null && expiresAfter < state.now()) return topErr(TopLevel.actionExpired);

  const hash = l1ActionHash(canonicalL1Action(action), body.nonce, body.vaultAddress, expiresAfter);
  const signer = recoverL1Signer(hash, network, body.signature);
  if (!signer) return topErr(TopLevel.unableToRecover);
  const who = state.resolveSigner(signer);
  if (who.kind === 'unknown') return topErr(TopLevel.unknownSigner(signer));
  if (who.kind === 'expiredAgent') return topErr(TopLevel.agentExpired);
  const nonceError = nonces.check(signer, body.nonce);
  if (nonceError) return topErr(nonceError);
  // A vaultAddress must be a sub-account of the signer's master (the simulator has no vaults):
  // the action then acts for that sub-account, its own margin and per-address budget included.
  const acct = actingAccount(state, who.master, body.vaultAddress);
  if (!acct) return topErr(TopLevel.vaultNotRegistered((body.vaultAddress ?? '').toLowerCase()));
  const invalid = preValidate(action);
  if (invalid) return topErr(invalid);
  const weight = weightOf(action);
  const isCancel = action.type === 'cancel' || action.type === 'cancelByCloid';
  const budgetError = checkAddressBudget(acct.nRequestsUsed, weight, acct.cumVlm, isCancel);
  if (budgetError) return topErr(budgetError);

  nonces.commit(signer, body.nonce);
  acct.nRequestsUsed += weight;
  return executeL1(state, acct, action, hash);
}

function executeL1(state: SimState, acct: SimAccount, action: L1Action, hash: string): HandlerReply {
  switch (action.type) {
    case 'order':
      return json({ status: 'ok', response: { type: 'order', data: { statuses: placeOrderAction(state, acct, action, hash) } } });
    case 'cancel':
      return json({ status: 'ok', response: { type: 'cancel', data: { statuses: cancelByOid(state, acct, action.cancels, action.f === true) } } });
    case 'cancelByCloid':
      return json({
        status: 'ok',
        response: { type: 'cancel', data: { statuses: cancelByCloid(state, acct, action.cancels, action.f === true) } },
      });
    case 'modify':
      return json(modifyOrder(state, acct, action, action.a === true, hash));
    case 'batchModify':
      return json({ status: 'ok', response: { type: 'order', data: { statuses: batchModify(state, acct, action.modifies, action.a === true, hash) } } });
    case 'updateLeverage':
      return json(updateLeverage(state, acct, action.asset, action.isCross, action.leverage));
    case 'scheduleCancel':
      return json(scheduleCancel(state, acct, action.time));
    case 'noop':
      return json({ status: 'ok', response: { type: 'default' } });
    default: {
      const unreachable: never = action;
      throw new Error(`unhandled action ${JSON.stringify(unreachable)}`);
    }
  }
}

function handleApproveAgent({ state, network, nonces }: ExchangeDeps, body: ExchangeBody, action: ApproveAgentAction): HandlerReply {
  if (action.nonce !== body.nonce) return topErr(TopLevel.nonceMismatch);
  const signer = recoverUserSignedSigner(
    {
      primaryType: 'HyperliquidTransaction:ApproveAgent',
      fields: APPROVE_AGENT_TYPES['HyperliquidTransaction:ApproveAgent'],
      message: canonicalApproveAgentMessage(action, hyperliquidChain(network)),
      signatureChainId: action.signatureChainId,
    },
    body.signature,
  );
  if (!signer) return topErr(TopLevel.unableToRecover);
  // User-signed actions act for the signer itself: an agent (or a wrong-chain signature) has no funds.
  const master = state.account(signer);
  if (!master || accountNumbers(state, master).margin.accountValue <= 0) return topErr(TopLevel.mustDeposit(signer));
  const nonceError = nonces.check(signer, body.nonce);
  if (nonceError) return topErr(nonceError);
  nonces.commit(signer, body.nonce);
  const error = approveAgent(state, master, action.agentAddress, action.agentName ?? '');
  return error ? topErr(error) : json({ status: 'ok', response: { type: 'default' } });
}
