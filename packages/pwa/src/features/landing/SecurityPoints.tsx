/** How hyperhook keeps the trader's keys and money safe. */
export function SecurityPoints() {
  return (
    <section className="card" aria-labelledby="security-title" style={{ marginTop: '1rem' }}>
      <h2 id="security-title">Security</h2>
      <ul className="prose">
        <li>You connect an API wallet: it can sign trades but it cannot withdraw funds. hyperhook never holds your money.</li>
        <li>Private keys are sealed with AES-256-GCM under a data key of your own; deleting your keys destroys that data key.</li>
        <li>Your webhook URL carries a secret you can regenerate at any time; the old URL stops working at once.</li>
        <li>Every alert, order and fill is recorded in an append-only history you can audit.</li>
      </ul>
    </section>
  );
}
