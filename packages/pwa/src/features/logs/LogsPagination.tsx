/** Previous, Next and "Page X of Y", only when there is more than one page. */
export function LogsPagination({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Webhook log pages">
      <button type="button" className="btn btn--small" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous
      </button>
      <span className="num" aria-live="polite">
        Page {page} of {pages}
      </span>
      <button type="button" className="btn btn--small" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        Next
      </button>
    </nav>
  );
}
