import type { ComponentProps } from 'react';
import { Link, useRoute } from 'wouter';

/** A link that marks itself `aria-current="page"` on the screen it leads to, for the eye and for screen readers. */
export function NavLink({ to, ...props }: Omit<ComponentProps<'a'>, 'href'> & { readonly to: string }) {
  const [here] = useRoute(to);
  return <Link to={to} aria-current={here ? 'page' : undefined} {...props} />;
}
