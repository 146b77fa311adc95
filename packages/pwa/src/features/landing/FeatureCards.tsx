/** What hyperhook offers: sizing modes, risk controls, encrypted credentials. */
export function FeatureCards() {
  return (
    <section aria-labelledby="features-title" className="stack">
      <h2 id="features-title" className="visually-hidden">
        Features
      </h2>
      <div className="grid-3">
        <article className="card">
          <h3>Sizing modes</h3>
          <p className="muted">
            Trade a fixed USD amount, a percentage of your available balance or a percentage of your total equity — or let each alert say its size.
          </p>
        </article>
        <article className="card">
          <h3>Risk controls</h3>
          <p className="muted">
            Max position size, max open positions, default leverage up to 50x, a slippage guard on every market order and, if you want it, a required stop-loss.
          </p>
        </article>
        <article className="card">
          <h3>Encrypted credentials</h3>
          <p className="muted">API keys are encrypted with AES-256 before storage, and only ever decrypted to sign your orders.</p>
        </article>
      </div>
    </section>
  );
}
