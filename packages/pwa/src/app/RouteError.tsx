import { useEffect } from 'react';
import type { FallbackProps } from 'react-error-boundary';
import { Logo } from '../components/Logo';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { isChunkLoadError } from './chunkLoadError';
import { reloadApp } from './reloadApp';

/**
 * The error page of every route (issue 29, point 6), instead of a blank one: a screen
 * of an older build that can no longer load (a deploy since the page was opened) offers the new
 * version; any other error says so plainly. Both reload.
 */
export default function RouteError({ error }: Pick<FallbackProps, 'error'>) {
  const stale = isChunkLoadError(error);
  const title = stale ? 'A new version of hyperhook is available' : 'Something went wrong';
  useDocumentTitle(stale ? 'New version available' : 'Something went wrong');
  useEffect(() => {
    if (!stale) console.error('Unexpected error on this page', error);
  }, [error, stale]);
  return (
    <div className="app">
      <main id="main" className="page page--narrow route-error">
        <a href="/" className="logo" aria-label="hyperhook home">
          <Logo />
        </a>
        <h1>{title}</h1>
        <p className="muted">
          {stale
            ? 'hyperhook was updated since this page was opened. Reload to use the new version.'
            : 'This page hit an unexpected error. Reload to try again; your settings and logs are safe.'}
        </p>
        <p>
          <button type="button" className="btn btn--primary" onClick={reloadApp}>
            Reload
          </button>
        </p>
      </main>
    </div>
  );
}
