import { Card } from '../../components/Card';

/** The "Usage Tips" card. */
export const USAGE_TIPS: readonly string[] = [
  "In TradingView, open the alert's Notifications, tick Webhook URL and paste your URL there.",
  "Put the JSON of a template in the alert's Message box: that message is the order.",
  'TradingView sends the message as text/plain; that is fine, it is read as JSON all the same.',
  'Keep the URL secret. If it leaks, regenerate it and update your alerts with the new one.',
  'Give each alert a unique id (such as {{timenow}}): a re-delivered alert with the same id is never traded twice.',
  "Alerts older than the executor's limit (a minute by default) when they are processed are not traded: the market has moved on.",
  'Test a message with the order preview below before you go live: it shows the exact order, and nothing is sent.',
];

export function UsageTipsCard() {
  return (
    <Card title="Usage Tips" headingLevel={3} id="usage-tips">
      <ul className="tips">
        {USAGE_TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </Card>
  );
}
