import type { Sealed } from '../eventModel/sealed.js';
import type { OrderPlan } from '../sizing/index.js';
import type { SignalEvent } from '../signal/signalEvents.js';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import type { ParsedAlert } from '../alert/alertSchema.js';

/** A fixed clock for tests: `at(0)` is 2025-10-01T12:00:00.000Z, `at(n)` is n ms later. */
export function at(ms: number): string {
  return new Date(Date.UTC(2025, 9, 1, 12, 0, 0) + ms).toISOString();
}

export const UID = 'user_1';
export const SIGNAL_ID = 'sig_1';
export const ARGON2_HASH = '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA';
export const SECRET_HASH_1 = 'a'.repeat(64);
export const SECRET_HASH_2 = 'b'.repeat(64);
export const API_WALLET = '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4';
export const ACCOUNT = '0xAb8483F64d9C6d1EcF9b849Ae677dD3315835cb2';
export const PRIVATE_KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
export const CLOID = '0x0123456789abcdef0123456789abcdef';

/** A sealed blob as the crypto adapter would make it (contents are irrelevant to the domain). */
export function sealed(keyId = 'dk-1'): Sealed {
  return { v: 1, keyId, iv: 'AAECAwQFBgcICQoL', ciphertext: 'c2VhbGVkLWtleQ==', tag: 'AAECAwQFBgcICQoLDA0ODw==' };
}

export const signedUp: UserEvent = { type: 'UserSignedUp', v: 1, data: { uid: UID, email: 'trader@example.com', passwordHash: ARGON2_HASH, at: at(0) } };
export const firstSecret: UserEvent = { type: 'WebhookSecretRotated', v: 1, data: { secretHash: SECRET_HASH_1, sealedSecret: sealed('wk-1'), at: at(0) } };
/** A user stream right after sign-up. */
export const account: UserEvent[] = [signedUp, firstSecret];

export const alert: ParsedAlert = { symbol: 'BINANCE:BTCUSDT.P', coin: 'BTC', action: 'buy', orderType: 'market', size: 100, leverage: 2, stopLoss: 58000 };

/** A market buy of $100 at 2x with a stop-loss, as the sizing module plans it (BTC: szDecimals 5). */
export const plan: OrderPlan = {
  coin: 'BTC',
  assetId: 0,
  szDecimals: 5,
  isBuy: true,
  price: '60600',
  size: '0.00333',
  reduceOnly: false,
  tif: 'Ioc',
  cloid: CLOID,
  leverage: 2,
  leverageClamped: false,
  grouping: 'normalTpsl',
  children: [{ kind: 'sl', triggerPx: '58000', price: '52200', isBuy: false, size: '0.00333' }],
  requestedUsd: 100,
  amountUsd: 100,
  notionalUsd: 200,
  orderNotionalUsd: 199.8,
  referencePrice: '60000',
};

export const received: SignalEvent = {
  type: 'SignalReceived',
  v: 1,
  data: {
    signalId: SIGNAL_ID,
    userId: UID,
    receivedAt: at(0),
    rawBody: JSON.stringify({ symbol: 'BINANCE:BTCUSDT.P', action: 'buy' }),
    alert,
    rejection: null,
  },
};
export const validationStarted: SignalEvent = { type: 'SignalValidationStarted', v: 1, data: { at: at(5) } };
export const planned: SignalEvent = { type: 'OrderPlanned', v: 1, data: { at: at(20), sizedAt: at(30), plan } };
export const submitted: SignalEvent = {
  type: 'OrderSubmitted',
  v: 1,
  data: { userId: UID, cloid: CLOID, nonce: 1759320000040, signedAt: at(40), sentAt: at(45) },
};
export const executed: SignalEvent = {
  type: 'SignalExecuted',
  v: 1,
  data: { acknowledgedAt: at(250), filledAt: at(250), oid: 77, status: 'filled', avgPx: '60010.5', totalSz: '0.0033' },
};
export const rejected: SignalEvent = { type: 'SignalRejected', v: 1, data: { at: at(10), code: 'NO_CREDENTIALS', reason: 'No API keys configured' } };
export const failed: SignalEvent = {
  type: 'SignalFailed',
  v: 1,
  data: { at: at(300), code: 'EXCHANGE_REJECTED', reason: 'Insufficient margin to place order.', transient: false },
};
