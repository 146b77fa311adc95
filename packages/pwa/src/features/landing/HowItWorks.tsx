/** The four steps from a Hyperliquid account to traded alerts; the first names the referral code when there is one. */
export function HowItWorks({ code }: { code: string | undefined }) {
  return (
    <section className="card" aria-labelledby="how-title" style={{ marginTop: '1rem' }}>
      <h2 id="how-title">How it works</h2>
      <ol className="steps">
        <li>
          <div>
            <strong>Join Hyperliquid with a referral code.</strong>
            <p className="muted">
              Open an account on Hyperliquid
              {code !== undefined ? (
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
  );
}
