import { createElement, lazy, useState, type ComponentType } from 'react';

type Load<P> = () => Promise<{ default: ComponentType<P> }>;

/** A screen whose code loads on demand, and that can be asked to load ahead (`load`). */
export type LazyScreen<P extends object = object> = ComponentType<P> & { load: Load<P> };

/**
 * Like React's `lazy`, but a screen whose code has already arrived renders at once: `lazy` suspends
 * on its first render even then, and each Suspense fallback shown holds the content back for
 * React's reveal throttle (300 ms), which a phone opening straight onto the dashboard pays twice
 * (the page, then its tab). Each mount keeps the way it started, so a screen never remounts.
 */
export function lazyScreen<P extends object = object>(load: Load<P>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: ReturnType<Load<P>> | undefined;
  const loadOnce: Load<P> = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // The next attempt downloads again (a phone back online), as `lazy` alone would.
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(loadOnce);
  function Screen(props: P) {
    const [ready] = useState(() => loaded);
    return ready === undefined ? createElement(Lazy as ComponentType<P>, props) : createElement(ready, props);
  }
  return Object.assign(Screen, { load: loadOnce });
}
