import type { Route } from "./+types/robots";

/** robots.txt per brand: the host decides the brand; the sitemap URL is on the brand's public origin. */
export function loader({ context }: Route.LoaderArgs) {
  const origin = context.publicOrigin;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /checkout",
    "Disallow: /myaccount",
    "Disallow: /deal-preview/",
    "Disallow: /email-deal/",
    "Disallow: /email-deals/",
    "Disallow: /location",
    "Disallow: /*?*orderBy=",
    "Disallow: /*?*minPrice=",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
