import { LegalPage } from './LegalPage';

/** /privacy. */
export default function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <h2>What we store</h2>
      <ul>
        <li>Your email address and a hash of your password (never the password itself), or the identity your sign-in provider confirms.</li>
        <li>Your Hyperliquid main account address and API wallet address, and the API wallet&apos;s private key encrypted with AES-256-GCM.</li>
        <li>Your settings, the alerts your webhook receives, the orders sent for them and their fills, positions and balances.</li>
        <li>If you turn on notifications, the push subscription your browser gives us.</li>
      </ul>
      <h2>Why</h2>
      <p>Only to run the service for you: to execute your alerts, show you their history and keep your positions in sync. We do not sell your data.</p>
      <h2>Who sees it</h2>
      <p>
        Orders go to Hyperliquid, signed by your API wallet. Notifications go through your browser&apos;s push service, encrypted end to end. Nobody else
        receives your data unless the law requires it.
      </p>
      <h2>How long</h2>
      <p>
        Your alert and order history is kept as an audit trail while your account exists. Deleting your API keys destroys the key that decrypts them, so the
        encrypted copies can never be read again.
      </p>
      <h2>Your choices</h2>
      <p>You can delete your keys, turn notifications off and sign out of every device at any time. To close your account, write to us.</p>
    </LegalPage>
  );
}
