/** The page number of a rail's View all page: `?page=` 1-based, anything else is page 1. */
export function railPage(url: URL): number {
  const text = url.searchParams.get("page") ?? "1";
  const page = /^\d{1,4}$/.test(text) ? Number(text) : 1;
  return Math.max(1, page);
}

/** What a paged View all page shows: one page of deals, which page it is and how many there are. */
export function railPageOf<Deal>(result: { deals: Deal[]; total: number }, page: number, pageSize: number) {
  return { deals: result.deals, page, pageCount: Math.max(1, Math.ceil(result.total / pageSize)) };
}
