/**
 * Which main-navigation item is the current page's (spec discovery §3 "Navigation item" isActive):
 * the item whose url is the longest prefix of the path, on segment boundaries, so /deals/london/beauty
 * marks "Beauty", not also the local item. A deal page counts as its listing: /deal/london/beauty/…
 * is under /deals/london/beauty. At most one item is active.
 */
export interface NavigationLink {
  id: number;
  url: string;
}

function normalise(path: string): string {
  const clean = path.split(/[?#]/, 1)[0].toLowerCase().replace(/\/+$/, "");
  return clean.replace(/^\/(deal|email-deal)\//, "/deals/") || "/";
}

export function activeNavigationId(items: readonly NavigationLink[], pathname: string): number | null {
  const path = normalise(pathname);
  let best: { id: number; length: number } | null = null;
  for (const item of items) {
    const url = normalise(item.url);
    const matches = path === url || path.startsWith(`${url}/`);
    if (matches && (!best || url.length > best.length)) best = { id: item.id, length: url.length };
  }
  return best?.id ?? null;
}
