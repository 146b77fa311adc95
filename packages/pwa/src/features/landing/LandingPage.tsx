import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PublicHeader } from '../../components/PublicHeader';
import { publicConfigQuery } from '../../lib/publicConfig';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** The landing page: what hyperhook does, how, and how it keeps keys safe. */
export default function LandingPage() {
  useDocumentTitle('TradingView alerts to Hyperliquid orders');
  const config = useQuery(publicConfigQuery);
  const code = config.data?.referralCode;
  return (
    <>
      <PublicHeader />
      <main id="main" className="page">
        <section className="hero">
          <h1>Turn TradingView alerts into Hyperliquid orders</h1>
          <p className="hero__lede">
            Paste one webhook URL into your alerts and hyperhook sizes, signs and sends each order to your Hyperliquid perpetuals account in
            milliseconds. Nothing to host: no server, no bot, no script to keep running.
          </p>
          <div className="button-row">
            <Link className="btn btn--primary" to="/signup">
              Deploy a Webhook
            </Link>
            <Link className="btn" to="/login">
              Sign In
            </Link>
          </div>
        </section>

        <section aria-labelledby="features-title" className="stack">
          <h2 id="features-title" className="visually-hidden">
            Features
          </h2>
          <div className="grid-3">
            <article className="card">
              <h3>Sizing modes</h3>
              <p className="muted">Trade a fixed USD amount, a percentage of your available balance or a percentage of your total equity — or let each alert say its size.</p>
            </article>
            <article className="card">
              <h3>Risk controls</h3>
              <p className="muted">Max position size, max open positions, default leverage up to 50x, a slippage guard on every market order and, if you want it, a required stop-loss.</p>
            </article>
            <article className="card">
              <h3>Encrypted credentials</h3>
              <p className="muted">API keys are encrypted with AES-256 before storage, and only ever decrypted to sign your orders.</p>
            </article>
          </div>
        </section>

        <section className="card" aria-labelledby="how-title" style={{ marginTop: '1rem' }}>
          <h2 id="how-title">How it works</h2>
          <ol className="steps">
            <li>
              <div>
                <strong>Join Hyperliquid with a referral code.</strong>
                <p className="muted">
                  Open an account on Hyperliquid{code !== undefined ? (
                    <>
                      {' '}
                      with referral code <code className="referral-code">{code}</code>
                    </>
                  ) : null}{' '}
                  and fund it.
                </p>
              </div>
            </li>
            <li>
              <div>
                <strong>Connect your keys and set leverage and limits.</strong>
                <p className="muted">Create an API wallet on Hyperliquid, save it here, and choose your sizing, leverage and risk limits.</p>
              </div>
            </li>
            <li>
              <div>
                <strong>Paste your webhook URL into your alert source.</strong>
                <p className="muted">TradingView or any tool that can send an HTTP POST: one URL, with ready-made alert templates.</p>
              </div>
            </li>
            <li>
              <div>
                <strong>See fills, positions and alert history.</strong>
                <p className="muted">Every alert is logged live with its latency, and your positions and P&amp;L stay in sync with Hyperliquid.</p>
              </div>
            </li>
          </ol>
        </section>

        <section className="card" aria-labelledby="security-title" style={{ marginTop: '1rem' }}>
          <h2 id="security-title">Security</h2>
          <ul className="prose">
            <li>You connect an API wallet: it can sign trades but it cannot withdraw funds. hyperhook never holds your money.</li>
            <li>Private keys are sealed with AES-256-GCM under a data key of your own; deleting your keys destroys that data key.</li>
            <li>Your webhook URL carries a secret you can regenerate at any time; the old URL stops working at once.</li>
            <li>Every alert, order and fill is recorded in an append-only history you can audit.</li>
          </ul>
        </section>
      </main>
    </>
  );
}
