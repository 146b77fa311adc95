import { Link } from 'wouter';
import { ThemeToggle } from '../lib/theme/ThemeToggle';
import { Logo } from './Logo';

/** The top bar of public pages: the mark (home) and the theme toggle. */
export function PublicHeader() {
  return (
    <header className="topbar">
      <Link to="/" className="logo" aria-label="hyperhook home">
        <Logo />
      </Link>
      <ThemeToggle />
    </header>
  );
}
