import type { Brand } from "../../lib/brand";

/**
 * The origin for links in emails. On a brand's own host the link is https on that host; elsewhere
 * (localhost, a test server) it is the origin the request came to. An unknown Host is never put
 * into a production email because production runs only behind the brands' hosts.
 */
export function linkOrigin(requestUrl: string, brand: Brand): string {
  const url = new URL(requestUrl);
  if (brand.hosts.includes(url.hostname)) return `https://${url.hostname}`;
  return url.origin;
}
