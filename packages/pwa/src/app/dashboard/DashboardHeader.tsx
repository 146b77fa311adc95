import { Link } from 'wouter';
import { NavLink } from '../../components/NavLink';
import { ApprovalsButton } from '../../features/approvals/ApprovalsButton';
import { Icon } from '../../components/Icon';
import { Logo } from '../../components/Logo';
import { useAuth } from '../../lib/auth/useAuth';
import { InstallButton } from '../../features/install/InstallButton';
import { LiveStatusBadge } from '../../features/live/LiveStatusBadge';
import { OfflineBadge } from '../../lib/offline/OfflineBadge';
import { useOnline } from '../../lib/offline/useOnline';
import { NotificationsMenu } from '../../features/push/NotificationsMenu';
import { ThemeToggle } from '../../lib/theme/ThemeToggle';
import { StrategySwitcher } from '../../features/strategies/StrategySwitcher';
import { TradingSwitchButton } from '../../features/trading/TradingSwitchButton';

/**
 * The dashboard header: mark, tagline, connection state (and, while entries wait for approval, the
 * way to them: issue 42), the user's email, the strategy switcher beside the kill switch, the way
 * to the Performance view (issue 43) and the History (issue 31), and Logout. One row on wide
 * screens; on phones four short rows (mark and actions; tagline; email with the state and any
 * approvals; the strategy and the kill switch), so the content starts high (issue 44, point 6).
 */
export function DashboardHeader() {
  const { user, signOut } = useAuth();
  const online = useOnline();
  return (
    <header className="dash-header">
      <div className="dash-header__inner">
        <div className="dash-header__brand">
          <Link to="/" className="logo" aria-label="hyperhook home">
            <Logo />
          </Link>
          <p className="dash-header__tagline">Webhook orchestration for Hyperliquid</p>
        </div>
        <div className="dash-header__meta">
          <div className="dash-header__status">
            {online ? <LiveStatusBadge /> : <OfflineBadge />}
            <ApprovalsButton />
            <span className="dash-header__email" title={user?.email}>
              {user?.email}
            </span>
          </div>
          <div className="dash-header__trading">
            <StrategySwitcher />
            <TradingSwitchButton />
          </div>
        </div>
        <div className="dash-header__actions">
          <InstallButton />
          <NotificationsMenu />
          <NavLink to="/performance" className="icon-button" aria-label="Performance" title="Performance: your closed trades and equity curve">
            <Icon name="chart" />
          </NavLink>
          <NavLink to="/history" className="icon-button" aria-label="History" title="History: every event of your account">
            <Icon name="history" />
          </NavLink>
          <ThemeToggle />
          <button type="button" className="btn btn--small" onClick={() => void signOut()}>
            Logout
          </button>
        </div>
      </div>
    </header>
  );
}
