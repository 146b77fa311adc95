import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../lib/auth/sessionStore';
import { testQueryClient } from '../test/renderWithProviders';
import { testSession } from '../test/fixtures';
import { fail, ok, server } from '../test/server';
import { App } from './App';

/** Opens the whole app at `path`, as a browser would. */
function openApp(path: string) {
  window.history.pushState({}, '', path);
  const user = userEvent.setup();
  render(<App queryClient={testQueryClient()} />);
  return user;
}

const storeSession = () => localStorage.setItem('hyperhook-session', JSON.stringify({ state: { session: testSession() }, version: 0 }));

describe('routes and access (spec §2, §6)', () => {
  it('ROUTE-01, LAND-01, LAND-07, LAND-08, LAND-09: given a visitor, when opening /, then the landing page, its headline (decided: "Turn TradingView alerts into Hyperliquid orders"), "Deploy a Webhook" to /signup and "Sign In" to /login', async () => {
    openApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Turn TradingView alerts into Hyperliquid orders' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Deploy a Webhook' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it('ROUTE-04: given a signed-out visitor, when opening /dashboard, then they are sent to /login', async () => {
    openApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });

  it('ROUTE-02, ROUTE-03, STATE-01: given a stored session the api confirms, when opening /login or /signup, then loading, then the dashboard', async () => {
    storeSession();
    await useSessionStore.persist.rehydrate();
    expect(useSessionStore.getState().status).toBe('loading');
    server.use(http.get('/api/auth/webhook-url', () => ok({ webhookUrl: 'http://localhost/hook/x' })));
    openApp('/login');
    expect(await screen.findByText('Webhook orchestration for Hyperliquid')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');
    expect(useSessionStore.getState().status).toBe('signedIn');
  });

  it('DASH-05, DASH-06: given a signed-in user on the dashboard, when they press Logout, then the session is revoked and they land on /login (decided)', async () => {
    storeSession();
    await useSessionStore.persist.rehydrate();
    let loggedOut = 0;
    server.use(
      http.get('/api/auth/webhook-url', () => ok({ webhookUrl: 'http://localhost/hook/x' })),
      http.post('/api/auth/logout', () => {
        loggedOut += 1;
        return ok({ signedOut: true });
      }),
    );
    const user = openApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect([window.location.pathname, loggedOut, useSessionStore.getState().status]).toEqual(['/login', 1, 'signedOut']);
  });

  it('given a stored session the api refuses (401), when opening the dashboard, then signed out and sent to /login with the reason', async () => {
    storeSession();
    await useSessionStore.persist.rehydrate();
    server.use(
      http.get('/api/auth/user', () => fail(401, 'Session has been signed out')),
      http.post('/api/auth/refresh', () => fail(401, 'Session has been signed out')),
    );
    openApp('/dashboard');
    expect(await screen.findByText('Your session ended (Session has been signed out). Please sign in again.')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });

  it('STATE-01: given a stored session the api has not answered yet, when opening the dashboard, then its own screen shows already while the check is loading', async () => {
    storeSession();
    await useSessionStore.persist.rehydrate();
    server.use(
      // The check never answers in this test: the dashboard must not wait for it.
      http.get('/api/auth/user', () => new Promise<never>(() => undefined)),
      http.get('/api/auth/webhook-url', () => ok({ webhookUrl: 'http://localhost/hook/x' })),
    );
    openApp('/dashboard');
    expect(await screen.findByText('trader@example.com')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('http://localhost/hook/x')).toBeInTheDocument();
    expect([window.location.pathname, useSessionStore.getState().status]).toEqual(['/dashboard', 'loading']);
  });

  it('given a stored session and no network, when opening the dashboard, then the user stays signed in (offline view), not thrown out', async () => {
    storeSession();
    await useSessionStore.persist.rehydrate();
    server.use(
      http.get('/api/auth/user', () => Response.error()),
      http.get('/api/auth/webhook-url', () => Response.error()),
    );
    openApp('/dashboard');
    expect(await screen.findByText('trader@example.com')).toBeInTheDocument();
    expect(useSessionStore.getState().status).toBe('signedIn');
  });

  it('LOGIN-02, LOGIN-04, LOGIN-06, ERR-02: given wrong credentials (fields "Email" and "Password", button "Sign In", decided), then the api\'s message; given right ones, then the dashboard', async () => {
    let attempts = 0;
    server.use(
      http.post('/api/auth/login', async ({ request }) => {
        attempts += 1;
        const body = (await request.json()) as { email: string; password: string };
        return body.password === 'right-password' ? ok(testSession(body.email)) : fail(401, 'Invalid email or password');
      }),
      http.get('/api/auth/webhook-url', () => ok({ webhookUrl: 'http://localhost/hook/x' })),
    );
    const user = openApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'trader@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(attempts).toBe(2);
  });

  it('ROUTE-04: given a signed-out visitor sent to /login from a tab of the dashboard, when they sign in, then they are back on that tab', async () => {
    server.use(
      http.post('/api/auth/login', () => ok(testSession('trader@example.com'))),
      http.get('/api/auth/webhook-url', () => ok({ webhookUrl: 'http://localhost/hook/x' })),
    );
    const user = openApp('/dashboard?tab=settings');
    await user.type(await screen.findByLabelText('Email'), 'trader@example.com');
    await user.type(screen.getByLabelText('Password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/dashboard?tab=settings'));
  });

  it('ERR-02: given a sign-in failure without a message of its own, then "Failed to sign in"', async () => {
    server.use(http.post('/api/auth/login', () => Response.error()));
    const user = openApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'trader@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to sign in');
  });

  it('VAL-01, VAL-02, VAL-03, SIGNUP-02, SIGNUP-03, SIGNUP-05: (fields "Email", "Password", "Confirm password", button "Create Account", decided) given a short password, then its message; a different confirmation, then "Passwords do not match"; a valid form, then the account and the dashboard', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/auth/signup', async ({ request }) => {
        bodies.push(await request.json());
        return ok(testSession('new@example.com'), { status: 201 });
      }),
      http.get('/api/auth/webhook-url', () => ok({ webhookUrl: 'http://localhost/hook/x' })),
    );
    const user = openApp('/signup');
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Please enter your email address.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), '6');
    await user.type(screen.getByLabelText('Confirm password'), '654321');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(bodies).toEqual([{ email: 'new@example.com', password: '123456', confirmPassword: '123456' }]);
  });

  it('ERR-05: given the api refuses the sign-up, then "Failed to create account" and its reason', async () => {
    server.use(http.post('/api/auth/signup', () => fail(409, 'An account with this email already exists.')));
    const user = openApp('/signup');
    await user.type(await screen.findByLabelText('Email'), 'taken@example.com');
    await user.type(screen.getByLabelText('Password'), '123456');
    await user.type(screen.getByLabelText('Confirm password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to create account');
    expect(alert).toHaveTextContent('An account with this email already exists.');
  });

  it('LOGIN-03: given no sign-in provider configured, then no Google button', async () => {
    openApp('/login');
    await screen.findByLabelText('Email');
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
  });

  it('LOGIN-03: given the api lists Google, then "Sign in with Google" on the login and sign-up pages', async () => {
    server.use(http.get('/api/auth/oidc/providers', () => ok([{ id: 'google', label: 'Google', startUrl: '/api/auth/oidc/google/start' }])));
    openApp('/login');
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
  });
});
