/** The page number of a rail's View all page: `?page=` 1-based, anything else is page 1. */
function railPage(url: URL): number {
  const text = url.searchParams.get("page") ?? "1";
  const page = /^\d{1,4}$/.test(text) ? Number(text) : 1;
  return Math.max(1, page);
}

/** What a paged View all page shows: one page of deals, which page it is and how many there are. */
function railPageOf<Deal>(result: { deals: Deal[]; total: number }, page: number, pageSize: number) {
  return { deals: result.deals, page, pageCount: Math.max(1, Math.ceil(result.total / pageSize)) };
}

/**
 * A paged View all page's loader: the page `?page=` asks for, listed by `list` (its `page` is
 * 0-based, as the recommendation queries count), as `RailPage` shows it.
 */
export async function loadRailPage<Deal>(url: URL, pageSize: number, list: (paging: { page: number; pageSize: number }) => Promise<{ deals: Deal[]; total: number }>) {
  const page = railPage(url);
  return railPageOf(await list({ page: page - 1, pageSize }), page, pageSize);
}
