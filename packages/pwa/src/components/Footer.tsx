import { Link } from 'wouter';

/** The footer of every screen: links to the terms and the privacy page. */
export function Footer() {
  return (
    <footer className="footer">
      <nav aria-label="Legal">
        <Link to="/terms">Terms of Service</Link>
        <Link to="/privacy">Privacy Policy</Link>
      </nav>
      <p className="footer__note">hyperhook never holds your funds: API wallets can sign trades, not withdrawals.</p>
    </footer>
  );
}
