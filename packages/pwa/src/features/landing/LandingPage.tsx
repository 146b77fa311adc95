import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { PublicHeader } from '../../components/PublicHeader';
import { publicConfigQuery } from '../../lib/publicConfig';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { FeatureCards } from './FeatureCards';
import { HowItWorks } from './HowItWorks';
import { SecurityPoints } from './SecurityPoints';

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
            Paste one webhook URL into your alerts and hyperhook sizes, signs and sends each order to your Hyperliquid perpetuals account in milliseconds.
            Nothing to host: no server, no bot, no script to keep running.
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

        <FeatureCards />
        <HowItWorks code={code} />
        <SecurityPoints />
      </main>
    </>
  );
}
