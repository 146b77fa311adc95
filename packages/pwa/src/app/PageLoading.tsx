/** A whole page waiting for code or the session check. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      Loading...
    </div>
  );
}
