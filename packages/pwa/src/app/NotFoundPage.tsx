import { Link } from 'wouter';
import { Logo } from '../components/Logo';
import { useDocumentTitle } from '../lib/useDocumentTitle';

/** Any other path: say so, and offer the way home. */
export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <main id="main" className="page page--narrow">
      <Link to="/" aria-label="hyperhook home">
        <Logo />
      </Link>
      <h1>Page not found</h1>
      <p>There is nothing at this address.</p>
      <p>
        <Link className="btn btn--primary" to="/">
          Go to the home page
        </Link>
      </p>
    </main>
  );
}
