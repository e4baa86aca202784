import { Link } from "react-router";
/** Spec: a page 1 link has no query; page 2's "previous" therefore links back to the clean URL. */
export function pageHref(basePath: string, page: number, search = ""): string {
  // The base may carry its own query (search results: `/search?q=spa`); other filters come in `search`.
  const [path, baseQuery = ""] = basePath.split("?", 2);
  const params = new URLSearchParams(baseQuery);
  for (const [key, value] of new URLSearchParams(search)) params.set(key, value);
  params.delete("page");
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export function Pagination({ basePath, page, pageCount, search = "" }: { basePath: string; page: number; pageCount: number; search?: string }) {
  if (pageCount <= 1) return null;
  const first = Math.max(1, Math.min(page - 2, pageCount - 4));
  const pages = Array.from({ length: Math.min(5, pageCount) }, (_, i) => first + i);
  const base = "inline-flex min-w-10 justify-center rounded px-3 py-2 ring-1";
  const linkClass = `${base} bg-white ring-gray-300 hover:bg-gray-100`;
  return (
    <nav aria-label="Pagination" className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 && (
          <li>
            <Link className={linkClass} to={pageHref(basePath, page - 1, search)} rel="prev">
              Previous
            </Link>
          </li>
        )}
        {pages.map((n) => (
          <li key={n}>
            {n === page ? (
              <span aria-current="page" className={`${base} bg-brand font-bold text-white ring-brand`}>
                {n}
              </span>
            ) : (
              <Link className={linkClass} to={pageHref(basePath, n, search)} aria-label={`Page ${n}`}>
                {n}
              </Link>
            )}
          </li>
        ))}
        {page < pageCount && (
          <li>
            <Link className={linkClass} to={pageHref(basePath, page + 1, search)} rel="next">
              Next
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
