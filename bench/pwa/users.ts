import type { SessionView } from '@hyperhook/domain';
import type { Product } from '../../tests/browser/support/product.js';

/** What the api answers to sign-up and sign-in; the PWA stores it as it is (packages/pwa/src/features/auth/sessionStore.ts). */
export type Session = SessionView;

/** A trader: signed up through the api, keys saved for a funded simulator account, a webhook URL. */
export type BenchUser = { readonly email: string; readonly password: string; readonly session: Session; readonly webhookUrl: string };

const PASSWORD = 'benchmark password 1';

async function post<T>(url: string, body: unknown, token?: string): Promise<{ status: number; body: T }> {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as T };
}

/** Signs up through the api, seeds a simulator account with an approved API wallet, saves the keys (testnet), reads the webhook URL. */
export async function signUpWithKeys(product: Product, name: string): Promise<BenchUser> {
  return signUp(product, name, { keys: true });
}

/** A user signed up through the api, with keys of a funded simulator account saved or (`keys: false`) none. */
export async function signUp(product: Product, name: string, options: { readonly keys: boolean }): Promise<BenchUser> {
  const email = `${name}-${Date.now().toString(36)}@example.com`;
  const signup = await post<{ data: Session }>(`${product.url}/api/auth/signup`, { email, password: PASSWORD, confirmPassword: PASSWORD });
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${JSON.stringify(signup.body)}`);
  const session = signup.body.data;
  if (options.keys) {
    const account = await product.simAccount();
    const keys = await post(
      `${product.url}/api/keys`,
      {
        hyperliquidApiKey: account.apiWalletAddress,
        hyperliquidPrivateKey: account.apiWalletPrivateKey,
        accountAddress: account.accountAddress,
        isTestnet: true,
      },
      session.token,
    );
    if (keys.status !== 200) throw new Error(`keys answered ${keys.status}: ${JSON.stringify(keys.body)}`);
  }
  const url = await fetch(`${product.url}/api/auth/webhook-url`, { headers: { authorization: `Bearer ${session.token}` } });
  const webhookUrl = ((await url.json()) as { data: { webhookUrl: string } }).data.webhookUrl;
  return { email, password: PASSWORD, session, webhookUrl };
}

/** A fresh session for a user (a new access token for each browser that opens the dashboard). */
export async function signIn(base: string, user: BenchUser): Promise<Session> {
  const login = await post<{ data: Session }>(`${base}/api/auth/login`, { email: user.email, password: user.password });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${JSON.stringify(login.body)}`);
  return login.body.data;
}

/** localStorage key of sessionStore.ts (SESSION_STORAGE_KEY); zustand's persist writes `{ state, version }`. */
const SESSION_STORAGE_KEY = 'hyperhook-session';

/** A script (run in the page) that stores the session as the PWA does after signing in. */
export function storeSessionScript(session: Session): string {
  const value = JSON.stringify({ state: { session }, version: 0 });
  return `localStorage.setItem(${JSON.stringify(SESSION_STORAGE_KEY)}, ${JSON.stringify(value)});`;
}
