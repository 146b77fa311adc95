import { Card } from '../../components/Card';

/** The setup checklist beside the keys form. */
export const SETUP_STEPS: readonly string[] = [
  'Open app.hyperliquid.xyz (app.hyperliquid-testnet.xyz for the testnet) and connect the wallet you deposit with: its address is your main account address.',
  'Go to More → API, name a new API wallet, click Generate and copy the API wallet address.',
  'Click Authorize API Wallet, copy the private key it shows (it is shown only once), choose how many days the wallet stays valid and sign with your main wallet.',
  'Paste the API wallet address, the private key and your main account address here; tick Testnet for testnet keys.',
  'Save: hyperhook checks with Hyperliquid that the API wallet is authorized for your account before storing anything.',
];

export function SetupChecklist() {
  return (
    <Card title="Setup checklist" headingLevel={3} id="keys-checklist">
      <ol className="checklist">
        {SETUP_STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </Card>
  );
}
