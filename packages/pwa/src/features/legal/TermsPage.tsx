import { LegalPage } from './LegalPage';

/** /terms. */
export default function TermsPage() {
  return (
    <LegalPage title="Terms of Service">
      <h2>What hyperhook is</h2>
      <p>
        hyperhook is software that turns alerts you configure (for example TradingView alerts) into orders on your own Hyperliquid perpetuals account, following
        the sizing and risk settings you choose.
      </p>
      <h2>What hyperhook is not</h2>
      <ul>
        <li>hyperhook does not hold funds. Your money stays in your Hyperliquid account at all times.</li>
        <li>hyperhook does not place discretionary trades. It only sends orders that your own alerts ask for, within your own settings.</li>
        <li>hyperhook does not give advice. Nothing in the product is investment, financial, legal or tax advice.</li>
      </ul>
      <h2>Eligibility</h2>
      <p>You must be at least 18 years old, and allowed to trade perpetual futures where you live, to use hyperhook.</p>
      <h2>Your credentials</h2>
      <p>
        You connect an API wallet, which can sign trades but cannot withdraw funds. Credentials are encrypted with AES-256-GCM before storage and are decrypted
        only to sign orders for your account. You can delete them at any time; deleting them destroys the key that decrypts them.
      </p>
      <h2>Risks</h2>
      <p>
        Trading perpetual futures with leverage can lose more than you expect, quickly. Alerts can be late, duplicated or wrong; exchanges and networks can
        fail. You are responsible for your alerts, your settings and every order they produce.
      </p>
      <h2>Limitation of liability</h2>
      <p>
        To the extent the law allows, our total liability to you for any claim is limited to the fees you paid us in the six months before the event that gave
        rise to the claim.
      </p>
      <h2>Changes</h2>
      <p>We may update these terms; the date above shows when they last changed. Continuing to use hyperhook after a change means you accept it.</p>
    </LegalPage>
  );
}
