import { useLocation, useSearch } from 'wouter';

/** Shows the current path and query, so a test can read where the screen sent the user. */
export function Where() {
  const [path] = useLocation();
  const search = useSearch();
  return <p data-testid="where">{`${path}${search === '' ? '' : `?${search}`}`}</p>;
}
