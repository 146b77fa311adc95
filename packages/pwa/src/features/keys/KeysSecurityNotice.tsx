/** What an API wallet can do and how its key is kept. */
export function KeysSecurityNotice() {
  return (
    <div className="notice notice--warning keys-notice">
      <p>
        <strong>An API wallet can only sign trades and cannot withdraw funds.</strong> Use an API wallet made for hyperhook, never the private key of your main
        wallet.
      </p>
      <p>Your credentials are encrypted with AES-256-GCM before they are stored; the private key is never shown again.</p>
    </div>
  );
}
