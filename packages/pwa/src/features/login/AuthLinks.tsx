import { Link } from 'wouter';

/** The link under the login form. */
export function ToSignup() {
  return (
    <p className="muted">
      New to hyperhook? <Link to="/signup">Create an account</Link>
    </p>
  );
}

/** The link under the sign-up form. */
export function ToLogin() {
  return (
    <p className="muted">
      Already have an account? <Link to="/login">Sign in</Link>
    </p>
  );
}
